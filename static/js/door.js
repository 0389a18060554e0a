/* The door page's search box: show only the players whose name holds what is typed. */
document.addEventListener("input", (event) => {
  const box = event.target;
  if (!box.matches?.("input[data-filter]")) return;
  const list = document.getElementById(box.dataset.filter);
  if (!list) return;
  const wanted = box.value.trim().toLowerCase();
  for (const item of list.querySelectorAll("li[data-name]")) {
    item.hidden = wanted !== "" && !item.dataset.name.includes(wanted);
  }
});
