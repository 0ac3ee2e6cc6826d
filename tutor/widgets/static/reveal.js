// A lazy part's placeholder (tutor/widgets/lazy.py): one button that asks the kernel to build the part.
// It asks by itself when the part comes near the screen, so a learner who scrolls never has to click;
// the button (and Enter or Space on it) is the way in without scrolling or without IntersectionObserver. `manual`: a
// part opened only by its button (a helper met again, a part's extras), never by coming near the screen.
function render({ model, el }, manual = false) {
  el.classList.add("tutor-reveal");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tutor-reveal-button";
  el.appendChild(button);

  // The built part is drawn beside this placeholder, in the same box (.tutor-lazy), once the page has its
  // widget: a child of the box other than this placeholder and other than the empty stand-in ipywidgets holds its
  // place with while the view is made (a bare lm-Widget: no other class, nothing inside).
  const shown = () => {
    const part = el.closest(".tutor-lazy");
    return !!part && [...part.children].some((child) => !child.contains(el)
      && ([...child.classList].some((name) => !/^(lm|p)-/.test(name)) || child.childElementCount > 0));
  };
  const draw = () => {
    const opened = model.get("opened");
    const done = model.get("done");
    button.textContent = opened ? model.get("loading") : model.get("label");
    button.disabled = opened;
    // "loading" until the built part is on the page, not merely built in the kernel: the placeholder never
    // leaves an empty gap
    button.setAttribute("aria-busy", opened && !(done && shown()) ? "true" : "false");
    el.style.display = done && shown() ? "none" : "";
  };
  // Opened but never told it was built: the opening or the kernel's answer was lost on the way (a CI run under
  // load left two parts "loading" for 90 s while the parts after them were built). The page asks again after
  // 20 s, 40 s, 80 s; the kernel builds the part if it never heard of the opening, else sends what it has again.
  let waited = 0;
  let waitTimer = null;
  let alive = true;
  const awaitBuilt = () => {
    if (!alive || model.get("done") || waited >= 3 || waitTimer !== null) return;
    waitTimer = setTimeout(() => {
      waitTimer = null;
      if (!alive || model.get("done")) return;
      waited += 1;
      console.warn(`tutor: a part opened but not built yet (${el.closest(".tutor-lazy")?.innerText?.slice(0, 40)}); asking again (${waited})`);
      model.send({ missing: waited, unbuilt: true, column_px: model.get("column_px") });
      awaitBuilt();
    }, 20000 * 2 ** waited);
  };
  const open = () => {
    if (!model.get("opened")) {
      // the column's width goes with the opening, so the part is laid out for this screen (tutor/widgets/screen.py)
      const column = el.closest(".jp-OutputArea-output, .jp-Cell-outputArea, .jp-Cell") || document.body;
      model.set("column_px", Math.round(column.clientWidth || window.innerWidth));
      model.set("opened", true);
      model.save_changes();
    }
    awaitBuilt();
  };
  button.addEventListener("click", open);
  model.on("change:opened", draw);
  model.on("change:done", draw);
  model.on("change:label", draw);
  draw();
  if (model.get("opened")) awaitBuilt();

  let observer = null;
  if (!model.get("opened") && !manual && typeof IntersectionObserver !== "undefined") {
    // start building a screen ahead of the learner, so the part is ready when they reach it
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        open();
      }
    }, { rootMargin: "600px 0px 600px 0px" });
    observer.observe(el);
  }
  // Built in the kernel but never drawn: a message between kernel and page was lost or came in an order the page
  // could not use (a starved machine, a connection dropped and restored), and the box kept only this placeholder,
  // then nothing once it hid itself (a CI run found a part 0 px high after 90 s). The page watches its box and,
  // while the part is missing, asks the kernel to build it again as new widgets: after 20 s, 40 s, 80 s (a
  // starved machine may take seconds to draw a part it did get; asking sooner only adds to its work).
  let watch = null;
  let retry = null;
  let asked = 0;
  const check = () => {
    if (!alive) return;
    draw();
    if (!model.get("done") || shown()) {
      clearTimeout(retry);
      retry = null;
      if (shown() && watch) { watch.disconnect(); watch = null; }
      return;
    }
    if (retry === null && asked < 3) {
      retry = setTimeout(() => {
        retry = null;
        if (model.get("done") && !shown()) {
          asked += 1;
          // a warning, not an error: the page heals itself, and a browser's log then tells how often it had to
          console.warn(`tutor: a built part never reached the page (${el.closest(".tutor-lazy")?.innerText?.slice(0, 40)}); asking again (${asked})`);
          model.send({ missing: asked });
        }
        check();
      }, 20000 * 2 ** asked);
    }
  };
  let waits = 0;
  const watchPart = () => {
    if (!alive) return;
    const part = el.closest(".tutor-lazy");
    if (!part) {        // the view is drawn before ipywidgets attaches it (a minute at most: then it never will)
      if (waits++ < 300) setTimeout(watchPart, 200);
      return;
    }
    if (!watch && !shown()) {
      watch = new MutationObserver(check);
      watch.observe(part, { childList: true });
    }
    check();
  };
  model.on("change:done", watchPart);
  if (model.get("done")) watchPart();
  return () => {
    alive = false;
    clearTimeout(waitTimer);
    if (observer) observer.disconnect();
    if (watch) watch.disconnect();
    clearTimeout(retry);
    model.off("change:done", watchPart);
    model.off("change:opened", draw);
    model.off("change:done", draw);
    model.off("change:label", draw);
  };
}

export default { render };
