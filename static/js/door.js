/* The door page's search box: show only the players whose name holds what is typed. */
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("input[data-filter]")) return;
    var list = document.getElementById(box.getAttribute("data-filter"));
    if (!list) return;
    var wanted = box.value.trim().toLowerCase();
    list.querySelectorAll("li[data-name]").forEach(function (item) {
      item.hidden = wanted !== "" && item.getAttribute("data-name").indexOf(wanted) === -1;
    });
  });
})();
