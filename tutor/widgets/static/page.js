// The page's own widget (tutor/widgets/page.py): it carries the page CSS once, and it tells the learner when
// the page has lost its kernel (a server restart, a crashed kernel, a dropped network), which would otherwise
// leave every button silently doing nothing. It asks the kernel "still there?" every so often and right after
// any click; no answer in time shows a notice to reload.
function render({ model, el }) {
  el.classList.add("tutor-page");
  const notice = document.createElement("div");
  notice.className = "tutor-connection-lost";
  notice.setAttribute("role", "alert");
  notice.hidden = true;
  const text = document.createElement("span");
  text.textContent = model.get("lost_text");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = model.get("reload_text");
  reload.addEventListener("click", () => window.location.reload());
  notice.append(text, " ", reload);
  document.body.appendChild(notice);

  let pending = null;
  let seq = 0;
  const ping = (timeout) => {
    if (pending !== null) return;
    seq += 1;
    pending = setTimeout(() => { notice.hidden = false; }, timeout);
    try {
      model.send({ ping: seq });
    } catch (err) {
      notice.hidden = false;
    }
  };
  model.on("msg:custom", (msg) => {
    if (msg && msg.pong !== undefined) {
      clearTimeout(pending);
      pending = null;
      notice.hidden = true;
    }
  });
  // Areas that change after a click (a quiz's verdict, a sandbox's result) carry the class tutor-live;
  // ipywidgets gives no way to set attributes, so the page marks them as polite live regions for
  // screen readers, as they appear (cells render after this widget).
  const markLive = () => {
    for (const area of document.querySelectorAll(".tutor-live:not([aria-live])")) {
      area.setAttribute("aria-live", "polite");
    }
  };
  markLive();
  const watcher = new MutationObserver(markLive);
  watcher.observe(document.body, { childList: true, subtree: true });
  // a toggle button (a score helper's card) shows its state by a class only (mod-active): a screen reader needs
  // aria-pressed, kept in step with the class as it changes
  const pressed = (button) => {
    const on = button.classList.contains("mod-active") ? "true" : "false";
    if (button.getAttribute("aria-pressed") !== on) button.setAttribute("aria-pressed", on);
  };
  const markToggles = (records) => {
    for (const record of records || []) {
      if (record.target.classList && record.target.classList.contains("widget-toggle-button")) pressed(record.target);
    }
    for (const button of document.querySelectorAll(".widget-toggle-button:not([aria-pressed])")) pressed(button);
  };
  markToggles();
  const toggles = new MutationObserver(markToggles);
  toggles.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  // The width of the lesson's column, for the kernel to lay the boards out for it (tutor/widgets/screen.py): told
  // once drawn, and again when it changes by more than a few pixels (a phone turned, a window resized); the
  // kernel picks the layout and redraws what is on the page only when the layout changes.
  let told = 0;
  let resizeTimer = null;
  const column = () => {
    const output = el.closest(".jp-OutputArea-output, .jp-Cell-outputArea, .jp-Cell") || document.body;
    return Math.round(output.clientWidth || document.documentElement.clientWidth || window.innerWidth);
  };
  const tellWidth = () => {
    const width = column();
    if (width > 0 && Math.abs(width - told) > 8) {
      told = width;
      try { model.send({ width }); } catch (err) { /* a lost kernel shows its own notice */ }
    }
  };
  tellWidth();
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(tellWidth, 250); };
  window.addEventListener("resize", onResize);
  const onClick = () => ping(model.get("click_timeout_ms"));
  document.addEventListener("click", onClick, true);
  const timer = setInterval(() => ping(model.get("timeout_ms")), model.get("interval_ms"));
  ping(model.get("timeout_ms"));
  return () => {
    clearInterval(timer);
    watcher.disconnect();
    toggles.disconnect();
    clearTimeout(pending);
    document.removeEventListener("click", onClick, true);
    window.removeEventListener("resize", onResize);
    clearTimeout(resizeTimer);
    notice.remove();
  };
}

export default { render };
