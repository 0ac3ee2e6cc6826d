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
  // the lesson's contents (contents.js, inlined before this module); JupyterLab has its own table of contents
  // and the learner's progress, kept in this browser (progress.js): the answers the kernel tells, the parts read
  const inLab = document.querySelector(".jp-NotebookPanel");
  let contents = null;
  const store = inLab ? null : progressStore(() => { if (contents) contents.refresh(); });
  // "practise what you missed": the schedule is the browser's (progress.js); the kernel gets the drills due, the
  // rules missed and the parts practised, asks the questions under the page widget, and the page goes there
  // (`back`: the part the learner was in, which the session's end links back to)
  const practise = (back) => {
    const { game, lang } = contents;       // this page's lesson, as the contents read it
    const planned = practisePlan(store.answers(game, lang), Date.now() / 1000);
    const read = [...store.read(`${game}/${lang}`)];
    try { model.send({ practise: { game, ...planned, read, back } }); } catch (err) { return; }
    let tries = 0;
    const go = () => {
      const area = document.querySelector(".tutor-practise");
      if (area && area.querySelector(".tutor-practise-session, .tutor-practise-none")) {
        area.scrollIntoView({ block: "start" });
        setTimeout(() => area.scrollIntoView({ block: "start" }), 800);    // again once its board is drawn
      } else if (tries++ < 80) setTimeout(go, 250);
    };
    setTimeout(go, 250);
  };
  contents = inLab ? null : lessonContents(model.get("contents_words"), model.get("folded"), store, practise);
  // what this learner solved at an earlier visit, told to the kernel once: its quizzes and tasks show it solved
  // again (a reader who came back found a solved task drawn blank, stop 58); "forget my progress" stops that
  const opened = Date.now();
  if (store) {
    const solved = solvedBefore(store.answers(contents.game, contents.lang), opened);
    if (Object.keys(solved).length) { try { model.send({ restore: solved }); } catch (err) { /* shown as lost */ } }
  }
  const onForgot = () => { try { model.send({ forget: true }); } catch (err) { /* shown as lost */ } };
  document.addEventListener("tutor-forgot", onForgot);
  // a closer look at any board on a phone (zoom.js)
  const stopZoom = inLab ? () => {} : startZoom(model.get("contents_words"));
  // the index's "practise" link (lesson#practise): the session opens as the page does
  if (store && window.location.hash === "#practise") setTimeout(contents.practise, 500);
  // a shared link to a position (#play=..., tutor/widgets/play.py share): bring the lesson's play part into view,
  // so its table is built and opens the position (static/play.js reads the link)
  if (window.location.hash.startsWith("#play=")) {
    let tries = 0;
    const toPlay = () => {
      const part = document.getElementById("part-play");
      if (part) part.scrollIntoView({ block: "start" });
      if (!document.querySelector(".tutor-play:not(.tutor-your-turn)") && tries++ < 40) setTimeout(toPlay, 500);
    };
    setTimeout(toPlay, 300);
  }

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
    if (msg && msg.record && store) store.add(msg.record);
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
  // A tap on a card of a board names it, from the card's own <title> ("yellow crab"): a phone shows no tooltip,
  // and a colour can be hard to tell on a small screen. The name shows over the card for a few seconds; a card
  // face down has no title, so it says nothing.
  const caption = document.createElement("div");
  caption.className = "tutor-card-name";
  caption.setAttribute("role", "status");
  caption.hidden = true;
  Object.assign(caption.style, { position: "absolute", zIndex: "30", pointerEvents: "none", background: "#1f2933",
    color: "#ffffff", padding: "4px 10px", borderRadius: "6px", fontSize: "16px", lineHeight: "1.3",
    maxWidth: "80vw", boxShadow: "0 2px 6px rgba(0, 0, 0, 0.3)" });
  document.body.appendChild(caption);
  let captionTimer = null;
  const nameCard = (event) => {
    const card = event.target && event.target.closest ? event.target.closest(".tutor-svg svg g.card") : null;
    const title = card ? card.querySelector(":scope > title") : null;
    const words = title ? title.textContent.trim() : "";
    clearTimeout(captionTimer);
    if (!words) { caption.hidden = true; return; }
    caption.textContent = words;
    caption.hidden = false;
    const box = card.getBoundingClientRect();
    const right = window.scrollX + document.documentElement.clientWidth - caption.offsetWidth - 4;
    caption.style.left = `${Math.max(window.scrollX + 4, Math.min(window.scrollX + box.left, right))}px`;
    caption.style.top = `${Math.max(window.scrollY + 4, window.scrollY + box.top - caption.offsetHeight - 6)}px`;
    captionTimer = setTimeout(() => { caption.hidden = true; }, 3000);
  };
  document.addEventListener("click", nameCard);
  // "Next question" in a drill: the answer's board and words go, the page grows shorter above the learner, and the
  // new question was left a screen or more above (a returning reader's practise session, 2026-12-04). Once the
  // kernel has drawn it (the button hidden again), its question is brought to the top if it is out of sight.
  // "Try again" in a quiz or a drill takes the verdict and the hint away, and the page grew shorter above the learner
  // too: they were left under the question with its answers off the screen (a reader). Once the button is gone the
  // answers are brought back into view if they are out of it.
  const keepDrill = (event) => {
    const hit = event.target && event.target.closest
      ? event.target.closest(".tutor-drill-next, .tutor-again, .tutor-quiz-show-why") : null;
    const drill = hit ? hit.closest(".tutor-drill, .tutor-quiz") : null;
    if (!drill) return;
    const again = hit.classList.contains("tutor-again");
    // "Show the answer and why": the board after the choice is drawn (often taller, every hand shown) and the why
    // under it was pushed below the screen, the learner left at the board's foot (a reader, stop 59): the why's
    // start is brought up under the screen's top once the button has gone
    const why = hit.classList.contains("tutor-quiz-show-why");
    let looks = 0;
    const look = () => {
      looks += 1;
      if (hit.offsetParent !== null && looks < 40) { setTimeout(look, 150); return; }
      if (why) {
        const told = drill.querySelector(".tutor-quiz-why");
        const box = told ? told.getBoundingClientRect() : null;
        if (box && box.height && (box.top < 0 || box.top > window.innerHeight * 0.75)) told.scrollIntoView({ block: "start" });
        return;
      }
      if (again) {
        const answers = drill.querySelector(".tutor-choices");
        const box = answers ? answers.getBoundingClientRect() : null;
        if (box && box.height && (box.top < 0 || box.top > window.innerHeight * 0.7)) {
          answers.scrollIntoView({ block: box.height < window.innerHeight * 0.6 ? "center" : "start" });
        }
        return;
      }
      const question = drill.querySelector(".tutor-question") || drill;
      const top = question.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight * 0.6) question.scrollIntoView({ block: "start" });
    };
    setTimeout(look, 150);
  };
  document.addEventListener("click", keepDrill);
  // An answer pressed: the board above is drawn again for the verdict, often taller (Козырные киты' every card face
  // up, 530 px more on a phone), and the page grew above the learner: the verdict left the screen under the finger
  // (a reader of wave 19). For a few seconds the answers are held where they were on the screen while the board grows.
  const holdAnswers = (event) => {
    const hit = event.target && event.target.closest ? event.target.closest(".tutor-choices button") : null;
    const asked = hit ? hit.closest(".tutor-quiz, .tutor-drill") : null;
    if (!asked || typeof ResizeObserver !== "function") return;
    const choices = hit.closest(".tutor-choices");
    // where the answers lie in the page: answers riding at a phone's foot (tutor.css .tutor-choices-stick) stay there
    // while the board over them grows, and the verdict under them in the page went 530 px below the screen
    const inPage = () => {
      const before = choices.previousElementSibling;
      return before && choices.classList.contains("tutor-choices-stick")
        ? before.getBoundingClientRect().bottom : choices.getBoundingClientRect().top;
    };
    let top = inPage();
    // ... and the verdict's first lines come up over the contents bar if they lie under the screen's foot (the answers
    // going up with them, never off the screen's top): answered from a phone's foot, where a tall board's answers
    // ride (tutor.css .tutor-choices-stick), the verdict lay under the page's foot (a reader of wave 20 also saw the
    // wrong place drawn on a board off the screen: the board stays above them)
    const riding = top - choices.getBoundingClientRect().top > 2;
    const verdict = asked.querySelector(".tutor-quiz-verdict");
    const foot = screenFoot(choices) - 8;
    const hold = new ResizeObserver(() => {
      if (!choices.isConnected) return;
      const now = inPage();
      if (!riding && Math.abs(now - top) > 2) scrollerOf(choices).scrollBy(0, now - top);
      const seen = verdict ? verdict.getBoundingClientRect() : null;
      if (!seen || !seen.height) return;
      // (never the answers' place in the page off the screen's top: riding at the foot they move only once the page
      // has brought their place up to them, and a cap on where they rode left a 990-px board's verdict under the
      // foot, a reader of wave 21)
      const need = Math.min(seen.top + Math.min(seen.height, 60) - foot, inPage() - 8);
      if (need > 2) {
        scrollerOf(choices).scrollBy(0, need);
        top -= need;
      }
    });
    if (verdict) hold.observe(verdict);
    for (const box of asked.querySelectorAll(".tutor-svg")) hold.observe(box);
    setTimeout(() => hold.disconnect(), 3000);
  };
  document.addEventListener("click", holdAnswers);
  const timer = setInterval(() => ping(model.get("timeout_ms")), model.get("interval_ms"));
  ping(model.get("timeout_ms"));
  return () => {
    stopZoom();
    clearInterval(timer);
    watcher.disconnect();
    toggles.disconnect();
    clearTimeout(pending);
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("click", nameCard);
    document.removeEventListener("click", keepDrill);
    document.removeEventListener("click", holdAnswers);
    document.removeEventListener("tutor-forgot", onForgot);
    clearTimeout(captionTimer);
    caption.remove();
    window.removeEventListener("resize", onResize);
    clearTimeout(resizeTimer);
    notice.remove();
    if (contents) contents.drop();
    if (store) store.stop();
  };
}

export default { render };
