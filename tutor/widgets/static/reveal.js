// A lazy part's placeholder (tutor/widgets/lazy.py): one button that asks the kernel to build the part.
// It asks by itself when the part comes near the screen, so a learner who scrolls never has to click;
// the button (and Enter or Space on it) is the way in without scrolling or without IntersectionObserver.
function render({ model, el }) {
  el.classList.add("tutor-reveal");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tutor-reveal-button";
  el.appendChild(button);

  const draw = () => {
    const opened = model.get("opened");
    button.textContent = opened ? model.get("loading") : model.get("label");
    button.disabled = opened;
    button.setAttribute("aria-busy", opened && !model.get("done") ? "true" : "false");
    el.style.display = model.get("done") ? "none" : "";
  };
  const open = () => {
    if (!model.get("opened")) {
      model.set("opened", true);
      model.save_changes();
    }
  };
  button.addEventListener("click", open);
  model.on("change:opened", draw);
  model.on("change:done", draw);
  model.on("change:label", draw);
  draw();

  let observer = null;
  if (!model.get("opened") && typeof IntersectionObserver !== "undefined") {
    // start building a screen ahead of the learner, so the part is ready when they reach it
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        open();
      }
    }, { rootMargin: "600px 0px 600px 0px" });
    observer.observe(el);
  }
  return () => {
    if (observer) observer.disconnect();
    model.off("change:opened", draw);
    model.off("change:done", draw);
    model.off("change:label", draw);
  };
}

export default { render };
