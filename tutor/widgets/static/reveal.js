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
    return !!part && [...part.children].some((child) => !child.contains(el) && child !== foldBar
      && ([...child.classList].some((name) => !/^(lm|p)-/.test(name)) || child.childElementCount > 0));
  };
  // A part opened by its button (a part's optional extras) keeps its title above it once built, and folds away
  // again on a tap on it: an opened extra could not be closed, and its title was gone with its button (a reader).
  // The title is a bar of its own beside the placeholder, so the placeholder hides once the part is built, as
  // every other part's does.
  let folded = false;
  let foldBar = null;
  const built = () => !!model.get("done") && shown();
  const partsBeside = () => [...(el.closest(".tutor-lazy")?.children || [])].filter(
    (child) => !child.contains(el) && child !== foldBar);
  const placeFoldBar = () => {
    const part = el.closest(".tutor-lazy");
    if (!manual || !part || !built()) return;
    if (!foldBar) {
      foldBar = document.createElement("button");
      foldBar.type = "button";
      foldBar.className = "tutor-refold-button";
      foldBar.setAttribute("aria-expanded", "true");
      foldBar.addEventListener("click", () => fold(true));
    }
    const title = (model.get("label") || "").replace(/^\s*▶\s*/, "");
    foldBar.textContent = `▼ ${title}`;
    if (foldBar.parentElement !== part) el.after(foldBar);
    foldBar.style.display = folded ? "none" : "";
  };
  const fold = (on) => {
    folded = on;
    const bar = foldBar ? foldBar.getBoundingClientRect().top : null;
    for (const child of partsBeside()) child.style.display = on ? "none" : "";
    draw();
    // the title stays where the finger was: the part below it goes, the page does not jump
    const now = on ? button.getBoundingClientRect().top : null;
    // (scrollerOf: static/scroll.js, in the page's module; a placeholder carrying its own module has none)
    const scroller = on && bar !== null && typeof scrollerOf === "function" ? scrollerOf(el) : null;
    if (scroller && now !== null) scroller.scrollBy(0, now - bar);
    (on ? button : foldBar)?.focus({ preventScroll: true });
  };
  const draw = () => {
    const opened = model.get("opened");
    const done = model.get("done");
    button.textContent = opened && !folded ? model.get("loading") : model.get("label");
    button.disabled = opened && !folded;
    // "loading" until the built part is on the page, not merely built in the kernel: the placeholder never
    // leaves an empty gap
    button.setAttribute("aria-busy", opened && !folded && !(done && shown()) ? "true" : "false");
    button.setAttribute("aria-expanded", opened && !folded ? "true" : "false");
    el.style.display = done && shown() && !folded ? "none" : "";
    placeFoldBar();
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
  button.addEventListener("click", () => (folded ? fold(false) : open()));
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
