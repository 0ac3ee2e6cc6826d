// A closer look at a board on a phone (inlined into the page's module, tutor/widgets/page.py): every board gets a
// small "⤢" in its top corner, and a tap on it opens the board twice as large on a sheet over the page, to move
// around with a finger; "✕" (or Escape, or the phone's Back) closes it. Why: a phone draws Острів котів' boats with
// 15 px squares, Aqua Fest's tiles at 45 px and Паперові океани's cards at 52 px, and readers could not count the rats
// or read a card's score strip there (stop 50). The sheet is a picture: moves are made on the page's own board.
// The phone's Back closes an open sheet (it was pushed as a history entry); closing it with "✕" goes back over that
// entry itself, and the contents' own Back handling (contents.js) must not take that step for a learner's Back.
let zoomBackAt = 0;
export function zoomBackJustNow() {
  return Date.now() - zoomBackAt < 1000 || document.querySelector(".tutor-zoom-sheet") !== null;
}

// On a projector (1,600 px and up) the same button shows the board on the whole screen, as large as it fits, for the
// room: three teachers found the boards' print too small from the back, and asked for a way to enlarge them (stop 56).
// It shows when the pointer is over the board, so it covers no corner of it otherwise.
// ... and there it may be magnified further, a part of it at a time (these times its fitted size), moved with the
// scroll bars or a drag: a board already as wide as the projector grew only 5-8% on the whole screen, and the back row
// still could not read the card values (four readers of waves 19 and 20)
const MAGNIFY = [1, 1.5, 2, 3];

export function startZoom(words) {
  const wide = !onPhone() && onProjector();
  if (!onPhone() && !wide) return () => {};
  const make = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  };
  let sheet = null;
  let from = null;            // the button that opened the sheet: the focus goes back there
  const unfollow = () => {
    if (follow) follow.disconnect();
    follow = null;
    stepKeys = null;
    magnifyNow = null;
  };
  const close = () => {
    if (!sheet) return;
    unfollow();
    sheet.remove();
    sheet = null;
    document.documentElement.classList.remove("tutor-zoomed");
    if (from) from.focus({ preventScroll: true });
    if (history.state && history.state.tutorZoom) {
      zoomBackAt = Date.now();
      try { history.back(); } catch (err) { /* a sandboxed frame */ }
    }
  };
  // the board this screen shows: a static picture carries one for each screen (tutor.lesson.position), the others
  // hidden, and the hidden phone board first opened as a narrow sheet with a NaN size (a reader, stop 56)
  const shownSvg = (box) => [...box.querySelectorAll(":scope > svg, :scope > * > svg")]
    .find((s) => s.getBoundingClientRect().width > 0);
  let follow = null;          // a whole-screen worked example: watches its board, to draw each step's
  let stepKeys = null;        // ... and its Back and Next, for the arrow keys
  let magnifyNow = null;      // a projector's sheet: magnified or back, for the + and - keys
  const open = (box, button) => {
    const svg = shownSvg(box);
    if (!svg) return;
    close();
    from = button;
    sheet = make("div", "tutor-zoom-sheet");
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-label", words.zoom || "");
    const bar = make("div", "tutor-zoom-bar");
    const note = make("span", "tutor-zoom-note", (wide ? words.zoom_wide_note : words.zoom_note) || "");
    const shut = make("button", "tutor-zoom-close", words.zoom_close || "✕");
    shut.type = "button";
    shut.addEventListener("click", close);
    let level = 0;
    const magnifiers = wide ? [["−", words.zoom_out, -1], ["+", words.zoom_in, 1]].map(([sign, tip, by]) => {
      const b = make("button", "tutor-zoom-magnify", sign);
      b.type = "button";
      b.title = tip || "";
      b.setAttribute("aria-label", tip || sign);
      b.addEventListener("click", () => magnify(by));
      return b;
    }) : [];
    // a worked example on the whole screen is walked through there: its own Back and Next (and the arrow keys) step
    // it, the board follows, and the step's words stand under it (a teacher found the whole screen a dead end: no
    // steps, no words, stop 56)
    const example = wide ? box.closest(".tutor-scenario") : null;
    const real = example ? [".tutor-nav-back", ".tutor-nav-next"].map((sel) => example.querySelector(sel)) : [];
    const walks = real.length === 2 && real.every(Boolean);
    const stepButtons = walks ? real.map((r) => {
      const b = make("button", "tutor-zoom-step", r.getAttribute("aria-label") || r.textContent);
      b.type = "button";
      b.addEventListener("click", () => r.click());
      return b;
    }) : [];
    // ... and a quiz or a drill is asked there: its question, its answers (pressing the page's own) and its verdict
    // under the board (a teacher found the whole screen for worked examples only, the room's quizzes on the page's
    // smaller board, a reader, stop 59)
    const asking = wide && !walks ? box.closest(".tutor-quiz, .tutor-drill") : null;
    // ... and a task or the play table is played there: what the task asks, the moves offered under the board and on
    // it, the verdict or the refusal, and while the others' turns are shown the film's words and buttons, each press
    // made on the page's own (a teacher found the whole screen a picture to close before every move, a reader of
    // wave 18)
    const playing = wide && !walks && !asking ? box.closest(".tutor-play") : null;
    if (playing) note.textContent = words.zoom_play_note || note.textContent;
    bar.append(...stepButtons, ...magnifiers, note, shut);
    const area = make("div", "tutor-zoom-area");
    const said = make("div", "tutor-zoom-said");
    sheet.append(bar, area);
    if (walks || asking || playing) sheet.append(said);
    if (asking || playing) said.classList.add("tutor-zoom-asked");
    document.body.append(sheet);
    document.documentElement.classList.add("tutor-zoomed");
    // a copy of `real` that presses it (the page's button does what it always does: the kernel is asked there), with
    // the marks of an answer given or a move barred
    const presser = (real) => {
      const b = make("button", "tutor-zoom-step", real.textContent.trim());
      b.type = "button";
      b.disabled = real.disabled;
      for (const cls of ["tutor-quiz-right", "tutor-quiz-wrong", "tutor-drill-picked"]) {
        if (real.classList.contains(cls)) b.classList.add(cls);
      }
      if (real.classList.contains("tutor-action-unavailable")) b.classList.add("tutor-zoom-unavailable");
      b.addEventListener("click", () => real.click());
      return b;
    };
    const shownOf = (root, sel) => [...root.querySelectorAll(sel)].filter((e) => e.offsetParent !== null);
    const askedWords = () => {
      const question = asking.querySelector(".tutor-question");
      const kept = question ? [question.cloneNode(true)] : [];
      const answers = make("div", "tutor-zoom-answers");
      answers.append(...shownOf(asking, ".tutor-choices button").map(presser));
      if (answers.childElementCount) kept.push(answers);
      const verdict = asking.querySelector(".tutor-verdict");
      if (verdict && verdict.textContent.trim()) kept.push(verdict.cloneNode(true));
      // and what comes after a verdict: try again, show the answer and why, the next question
      const after = make("div", "tutor-zoom-answers");
      after.append(...shownOf(asking, ".tutor-again, .tutor-quiz-show-why, .tutor-drill-next").map(presser));
      if (after.childElementCount) kept.push(after);
      said.replaceChildren(...kept);
    };
    const playedWords = () => {
      const kept = [];
      const film = playing.querySelector(":scope > .tutor-film");
      const filmOn = !!film && !film.hidden;
      const copy = (sel) => {
        for (const e of shownOf(playing, sel)) if (e.textContent.trim()) kept.push(e.cloneNode(true));
      };
      if (filmOn) {
        copy(":scope > .tutor-film .tutor-film-caption");
        copy(":scope > .tutor-film-below .tutor-film-said");
      } else {
        copy(":scope > .tutor-lead .tutor-task-prompt");
        copy(":scope > .tutor-status");
      }
      copy(":scope > .tutor-error");
      for (const e of kept) for (const b of e.querySelectorAll("button")) b.remove();   // a copy's buttons press nothing
      const moves = make("div", "tutor-zoom-answers");
      const sel = filmOn ? ":scope > .tutor-film button"
        : ":scope > .tutor-actions button, :scope button.tutor-task-again, :scope button.tutor-task-why";
      moves.append(...shownOf(playing, sel).map(presser));
      if (moves.childElementCount) kept.push(moves);
      said.replaceChildren(...kept);
    };
    const draw = (pic) => {
      if (asking) askedWords();
      if (playing) playedWords();
      if (walks) {
        // the step's words, and its refusal and rule when it has them: a refused move's reason was the step's point,
        // and the room saw only the attempt (a reader, stop 57)
        const kept = [".tutor-say", ".tutor-refusal", ".tutor-rule"]
          .map((sel) => example.querySelector(`.tutor-narration ${sel}`)).filter(Boolean);
        said.replaceChildren(...kept.map((e) => e.cloneNode(true)));
        stepButtons.forEach((b, i) => { b.disabled = real[i].disabled; });
      }
      const shown = pic.getBoundingClientRect();
      const copy = pic.cloneNode(true);
      // twice the width the page shows it at (a phone), or as large as the screen allows under the bar and over a
      // worked example's words (a projector): its own viewBox keeps its shape (the <use> of the page's symbols still
      // find them: the copy is in the same document)
      let scale = 2;
      if (wide) {
        area.classList.add("tutor-zoom-fit");
        const room = window.innerHeight - bar.getBoundingClientRect().height
          - (walks || asking || playing ? said.getBoundingClientRect().height + 12 : 24);
        scale = Math.min((window.innerWidth - 24) / shown.width, room / shown.height) * MAGNIFY[level];
        area.classList.toggle("tutor-zoom-magnified", level > 0);
      }
      copy.setAttribute("width", String(Math.round(shown.width * scale)));
      copy.setAttribute("height", String(Math.round(shown.height * scale)));
      copy.style.width = copy.style.height = copy.style.maxWidth = copy.style.maxHeight = "";
      copy.removeAttribute("id");
      for (const e of copy.querySelectorAll("[id]")) e.removeAttribute("id");
      copy.setAttribute("aria-hidden", "true");
      area.replaceChildren(copy);
      return shown;
    };
    const shown = draw(svg);
    // magnified about the middle of what is on the screen, which stays in the middle
    const magnify = (by) => {
      const next = Math.max(0, Math.min(MAGNIFY.length - 1, level + by));
      const now = shownSvg(box);
      if (next === level || !sheet || !now) return;
      const fx = (area.scrollLeft + area.clientWidth / 2) / Math.max(1, area.scrollWidth);
      const fy = (area.scrollTop + area.clientHeight / 2) / Math.max(1, area.scrollHeight);
      const whole = level === 0;
      level = next;
      draw(now);
      // from the whole board, its top-left corner stays (a board's title, its deck and the first player are there:
      // magnified about the middle, a reader of wave 23 had them all off the screen); further in, the middle stays
      if (whole) area.scrollTo(0, 0);
      else area.scrollTo(fx * area.scrollWidth - area.clientWidth / 2, fy * area.scrollHeight - area.clientHeight / 2);
      magnifiers[0].disabled = level === 0;
      magnifiers[1].disabled = level === MAGNIFY.length - 1;
    };
    if (wide) {
      magnifiers[0].disabled = true;
      magnifyNow = magnify;
      // a drag moves a magnified board (not from a choice on it: a task's or the table's tap is a move)
      let drag = null;
      area.addEventListener("pointerdown", (event) => {
        if (level === 0 || event.button !== 0) return;
        if (event.target instanceof Element && event.target.closest("[data-choice]")) return;
        drag = { x: event.clientX, y: event.clientY, left: area.scrollLeft, top: area.scrollTop };
        area.classList.add("tutor-zoom-dragging");
      });
      area.addEventListener("pointermove", (event) => {
        if (!drag) return;
        area.scrollTo(drag.left - (event.clientX - drag.x), drag.top - (event.clientY - drag.y));
      });
      const drop = () => { drag = null; area.classList.remove("tutor-zoom-dragging"); };
      area.addEventListener("pointerup", drop);
      area.addEventListener("pointerleave", drop);
    }
    // the sheet drawn again as the page's widget changes (its board, its words, its buttons), a moment after the
    // last change of a burst
    const followPage = (widget, attributes, ms) => {
      let again = null;
      follow = new MutationObserver(() => {
        if (again === null) again = setTimeout(() => { again = null; const now = shownSvg(box); if (sheet && now) draw(now); }, ms);
      });
      follow.observe(widget, { childList: true, subtree: true, characterData: true, attributes: true,
                               attributeFilter: attributes });
    };
    // the board, the answers and the verdict follow the page's (an answer pressed here or there)
    if (asking) followPage(asking, ["disabled", "class"], 80);
    if (playing) {
      // the board, the moves and the words follow the page's, as the kernel answers (a press here or there), and a
      // choice tapped on the copy's board is tapped on the page's
      followPage(playing, ["disabled", "class", "hidden"], 80);
      area.addEventListener("click", (event) => {
        const hit = event.target instanceof Element ? event.target.closest("[data-choice]") : null;
        const now = shownSvg(box);
        const real = hit && now ? now.querySelector(`[data-choice="${CSS.escape(hit.getAttribute("data-choice"))}"]`) : null;
        if (real) real.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      });
    }
    if (walks) {
      followPage(example, ["disabled"], 60);
      stepKeys = real;
    }
    // the part of the board that was on the screen comes first, not always its top-left corner; across, what the
    // step marks (its rings) is brought to the middle: a reader's zoom opened on the left half of Мяури's table, the
    // fish and the arrows to the winners off the sheet (stop 53)
    const top = wide ? 0 : Math.max(0, -shown.top) * 2;
    const marks = [...svg.querySelectorAll(".event[data-target], .highlight[data-target]")]
      .map((m) => m.getBoundingClientRect()).filter((r) => r.width > 0);
    let left = 0;
    if (marks.length && !wide) {
      const mid = (Math.min(...marks.map((r) => r.left)) + Math.max(...marks.map((r) => r.right))) / 2 - shown.left;
      left = Math.max(0, mid * 2 - area.clientWidth / 2);
    }
    area.scrollTo(left, top);
    try { history.pushState({ tutorZoom: true }, ""); } catch (err) { /* sandboxed */ }
    shut.focus({ preventScroll: true });
  };
  const onKey = (event) => {
    if (!sheet) return;
    if (event.key === "Escape") close();
    else if (magnifyNow && (event.key === "+" || event.key === "=" || event.key === "-")) {
      event.preventDefault();
      magnifyNow(event.key === "-" ? -1 : 1);
    } else if (stepKeys && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      event.preventDefault();
      stepKeys[event.key === "ArrowRight" ? 1 : 0].click();
    }
  };
  const onBack = () => {
    if (sheet) {
      zoomBackAt = Date.now();          // the learner's Back closed the sheet: the page stays where it is
      unfollow();
      sheet.remove();
      sheet = null;
      document.documentElement.classList.remove("tutor-zoomed");
    }
  };
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", onBack);
  // the boards come and go as parts are built and steps drawn: a look every so often, not on every change
  let pending = null;
  const mark = () => {
    pending = null;
    // The button rides in the room kept over the board (tutor.css), at its right: over the board's corner it hid a
    // Мяури deck's count (a reader), and inside the board's own box it would go with every redraw (the board's
    // markup is also what the page and its tests compare). Its anchor takes no room: nothing moves when it comes.
    for (const box of document.querySelectorAll(".tutor-svg")) {
      const before = box.previousElementSibling;
      if ((before && before.classList.contains("tutor-zoom-anchor"))
          || !box.querySelector(":scope > svg, :scope > * > svg") || !box.parentElement) continue;
      // A projected worked example's button sits at the end of its step buttons' row, in sight and over nothing: over
      // the board's corner it hid the end of the board's header (Aqua Fest's key to the corner tiles, Мяури's deck,
      // two readers, stop 57)
      const row = wide && box.parentElement.classList.contains("tutor-scenario")
        ? box.parentElement.querySelector(":scope > .tutor-nav-row:not(.tutor-slider-row)") : null;
      if (row && row.querySelector(".tutor-zoom")) continue;
      const button = make("button", "tutor-zoom", (wide ? words.zoom_wide : words.zoom_short) || "⤢");
      button.type = "button";
      const tip = (wide ? words.zoom_wide_note : words.zoom) || "";     // (the phone's words say "twice as large")
      button.title = tip;
      button.setAttribute("aria-label", tip);
      button.addEventListener("click", (event) => { event.stopPropagation(); open(box, button); });
      if (row) {
        button.classList.add("tutor-zoom-in-row");
        row.append(button);
        continue;
      }
      const anchor = make("div", "tutor-zoom-anchor");
      anchor.style.order = getComputedStyle(box).order;       // a flex column may show the board out of its place
      anchor.append(button);
      box.before(anchor);
    }
  };
  const watch = new MutationObserver(() => {
    if (pending === null) pending = setTimeout(mark, 400);
  });
  watch.observe(document.body, { childList: true, subtree: true });
  mark();
  return () => {
    watch.disconnect();
    clearTimeout(pending);
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("popstate", onBack);
    close();
  };
}
