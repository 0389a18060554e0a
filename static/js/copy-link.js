/* "Copy link" beside a table's link: copy the input's address (select it as a fallback). */
document.addEventListener("click", (event) => {
  const button = event.target.closest?.("button[data-copy]");
  const input = button && document.getElementById(button.dataset.copy);
  if (!input) return;
  input.select();
  const done = () => {
    button.textContent = "Copied";
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, () => {});
  } else if (document.execCommand?.("copy")) {
    done();
  }
});
