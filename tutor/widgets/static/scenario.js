// The scenario player's front-end (tutor/widgets/scenario.py): first / back / next / last, a step slider,
// the board and the narration. The page keeps the frames it has been sent and always asks ahead for the
// neighbours of the one on screen, so a step forward or back shows a frame already here, with no round trip;
// the kernel is only told where the learner is (the `index` trait).
import { button, el, haveDefs, installDefs, sendTo } from "./board.js";

function render({ model, el: root }) {
  root.classList.add("tutor-scenario", "tutor-widget");
  const labels = model.get("labels");
  const frames = new Map();
  let alive = true;

  const warning = el("div", "tutor-warning");
  const errors = el("div", "tutor-error");
  const nav = el("div", "tutor-nav-row");
  // a step button's arrows and its word apart ("|◀" "First"): a phone shows First and Last by their arrows alone,
  // so the step buttons fit one row that stays in reach (tutor.css); the button's name is still the whole label
  const navButton = (label, tip, which) => {
    const b = button("", tip, `tutor-nav tutor-nav-${which}`);
    const m = /^([|◀▶\s]*)(.*?)([|◀▶\s]*)$/u.exec(label) || ["", "", label, ""];
    const parts = [[m[1], "tutor-nav-sym"], [m[2], "tutor-nav-word"], [m[3], "tutor-nav-sym"]];
    for (const [text, cls] of parts) if (text) b.append(el("span", cls, text));
    b.setAttribute("aria-label", label);
    return b;
  };
  const first = navButton(labels.first, labels["first.tip"], "first");
  const back = navButton(labels.back, labels["back.tip"], "back");
  const next = navButton(labels.next, labels["next.tip"], "next");
  const last = navButton(labels.last, labels["last.tip"], "last");
  const sliderLabel = el("label", "tutor-slider");
  const sliderText = el("span", "", labels.slider + " ");
  const slider = el("input");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  sliderLabel.append(sliderText, slider);
  const counter = el("span", "tutor-counter");
  counter.setAttribute("aria-live", "polite");
  // what a step marks on its board may lie below the screen (a tall phone board: four players' panels; a reader
  // pressed Next and never saw the two bonuses it dealt): then a button in the stuck row goes there
  const below = button(labels.below, labels["below.tip"], "tutor-nav tutor-nav-below");
  below.hidden = true;
  // The step's words in the stuck row, two lines of them, while the words themselves are off the screen: a learner
  // looking at the board (or sent to what changed) had the step's sentence a screen above (a reader, stop 50; a
  // teacher clicked at the top and read at the bottom). A tap brings the whole words back.
  const said = button("", labels["said.tip"] || "", "tutor-nav-said");
  said.hidden = true;
  nav.append(first, back, next, last, counter, below, said);
  // the slider under the buttons, in a row of its own: the buttons' row sticks to the top of the screen, the slider
  // (a jump, not a step) need not
  const sliderRow = el("div", "tutor-nav-row tutor-slider-row");
  sliderRow.append(sliderLabel);
  const board = el("div", "tutor-svg");
  const narration = el("div", "tutor-narration");
  narration.setAttribute("aria-live", "polite");
  // the example's title over its buttons and board on every screen: under the board (a wide screen's narration) it
  // sat right over the next example's board, and a teacher read it as that board's title
  const titleBox = el("div", "tutor-scenario-title");
  // where the step buttons' row lies in the page: the row is stuck to the screen's top once this has gone above it
  const navPlace = el("div", "tutor-nav-place");
  // A phone's dock: the step's words, then its buttons, under the board and riding at the screen's foot while the
  // board is on it (tutor.css). Over the board's top, a copy of the words stuck under the buttons covered the row a
  // step was about and was cut at six lines (five readers of waves 20 and 21); above the board, words of changing
  // length moved the board and the buttons under the finger at every step. In the dock the words are whole
  // (scrolling inside past a third of the screen), the buttons keep their place on the screen and the board keeps
  // its place in the page. Wider screens keep the words under the board and the buttons stuck at the top.
  const dock = el("div", "tutor-dock");
  root.append(warning, titleBox, navPlace, nav, sliderRow, board, narration, errors, dock);
  let docked = false;
  const placeDock = () => {
    const want = onPhone();
    if (want === docked && dock.contains(nav) === want) return;
    docked = want;
    root.classList.toggle("tutor-docked", want);
    if (want) {
      dock.append(narration, nav);
      said.hidden = true;
      below.hidden = true;
    } else {
      navPlace.after(nav);
      board.after(narration);
    }
  };
  // The dock's words, read, make room for the board: once the learner scrolls the page by hand after a step they
  // shrink to their first three lines (the whole dock took 40% of the screen over the rows a step was about, a reader
  // of wave 22); a tap on them, or the next step, opens them again
  let lowFrom = null;        // where the page stood when the words were last opened (a step, or a tap on them)
  const dockLow = (low) => {
    if (!low) lowFrom = null;
    if (docked && dock.classList.contains("tutor-dock-low") !== low) dock.classList.toggle("tutor-dock-low", low);
  };
  // words longer than the dock's room scroll inside it: "▾" at its foot says so, until read to their end (a reader
  // took the rule and "what happened" cut off under the buttons for missing, wave 22)
  const markMore = () => {
    const more = docked && narration.scrollHeight > narration.clientHeight + 2
      && narration.scrollTop + narration.clientHeight < narration.scrollHeight - 4;
    if (dock.classList.contains("tutor-dock-more") !== more) dock.classList.toggle("tutor-dock-more", more);
  };
  narration.addEventListener("scroll", markMore, { passive: true });
  let handScrolled = 0;
  // (not a finger scrolling the dock's own words)
  const byHand = (event) => { if (!(event.target instanceof Node && dock.contains(event.target))) handScrolled = performance.now(); };
  for (const kind of ["touchmove", "wheel"]) window.addEventListener(kind, byHand, { passive: true, capture: true });
  narration.addEventListener("click", (event) => {
    if (!docked) return;
    if (dock.classList.contains("tutor-dock-low")) {
      event.preventDefault();
      dockLow(false);
      openedAt = performance.now();
      return;
    }
    // words cut at the dock's seven lines ("▾"): a tap shows them whole, up to 60% of the screen, and a tap again
    // gives the board its room back (a tap on "▾" did nothing, and the cut line was often the step's rule or its
    // outcome, three readers of wave 24); not a tap on what happened's summary or a link in the words
    if (event.target instanceof Element && event.target.closest("summary, a, button")) return;
    if (!dock.classList.contains("tutor-dock-more") && !dock.classList.contains("tutor-dock-open")) return;
    dock.classList.toggle("tutor-dock-open");
    openedAt = performance.now();
    requestAnimationFrame(markMore);
  });
  let openedAt = 0;
  placeDock();
  const phoneQuery = window.matchMedia ? window.matchMedia("(max-width: 760px)") : null;
  if (phoneQuery && phoneQuery.addEventListener) phoneQuery.addEventListener("change", placeDock);

  let shown = -1;
  let eventsOpen = false;
  // "toggle" does not bubble: caught on its way down; a step opened for want of words of its own does not count
  narration.addEventListener("toggle", (event) => {
    const d = event.target;
    if (d.matches && d.matches("details.tutor-step-events:not([data-auto])")) eventsOpen = d.open;
  }, true);
  const draw = () => {
    const n = model.get("count");
    const i = Math.max(0, Math.min(model.get("index"), n - 1));
    warning.innerHTML = model.get("warning");
    warning.hidden = !model.get("warning");
    errors.innerHTML = model.get("error")
      ? `<div class="tutor-error-box" role="alert"></div>` : "";
    if (model.get("error")) errors.firstChild.textContent = model.get("error");
    first.disabled = back.disabled = n === 0 || i <= 0;
    next.disabled = last.disabled = n === 0 || i >= n - 1;
    slider.max = String(Math.max(0, n - 1));
    slider.value = String(i);
    slider.disabled = n <= 1;
    counter.textContent = n ? labels.step.replace("{i}", i + 1).replace("{n}", n) : "";
    const frame = frames.get(i);
    if (frame && shown !== i) {
      // the frame's nodes were parsed when it arrived: a step only swaps them in
      board.replaceChildren(frame.board);
      narration.replaceChildren(frame.text);
      // (the frame's words come in a box of their own, display: contents: its first heading is the title)
      const title = narration.querySelector(":scope > div > h3:first-child");    // shown above, the narration's hidden
      if (title && titleBox.textContent !== title.textContent) {
        titleBox.replaceChildren(el("h3", "", title.textContent));
      }
      root.classList.toggle("tutor-titled", Boolean(title));
      // a learner who opened a step's events ("what happened, move by move") reads every step's that way
      const events = narration.querySelector("details.tutor-step-events:not([data-auto])");
      if (events) events.open = eventsOpen;
      shown = i;
      if (docked) requestAnimationFrame(() => { markMore(); placeFree(); });
      // the step's words, and a refused move's reason after them: the "Not allowed." box under the words lay behind
      // the stuck row when the board came under it, and the step's point was seen nowhere (a reader of wave 19)
      said.replaceChildren((narration.querySelector(".tutor-say") || { textContent: "" }).textContent);
      const refused = narration.querySelector(".tutor-refusal");
      if (refused && refused.textContent.trim()) {
        said.append(" ", el("b", "", refused.textContent.trim().replace(/\s+/g, " ")));
      }
      shortenSaid(true);
      steppedAt = performance.now();
      showWords();
    }
    root.dataset.index = String(i);
    root.dataset.ready = frame ? "true" : "false";
  };
  const asked = new Set();
  // The frame on screen must come: a request or its answer can be lost on a starved machine or a dropped and
  // restored connection, and a frame drawn for a screen the page's model had not heard of yet is set aside
  // (onMessage). While the frame on screen is missing the page asks again, after 5, 10, 20, 40 s (a CI run under
  // load found a worked example built, drawn and left with no board).
  let waiting = null;
  let waited = 0;
  const watchFrame = () => {
    if (waiting !== null || waited >= 4) return;
    waiting = setTimeout(() => {
      waiting = null;
      const i = Math.max(0, Math.min(model.get("index"), model.get("count") - 1));
      if (!alive || frames.has(i) || model.get("count") === 0) return;
      waited += 1;
      asked.clear();
      prefetch(i);
    }, 5000 * 2 ** waited);
  };
  const prefetch = (i) => {
    const n = model.get("count");
    const want = [i, i + 1, i - 1, i + 2].filter((j) => j >= 0 && j < n && !frames.has(j) && !asked.has(j));
    if (want.length > 0) {
      want.forEach((j) => asked.add(j));
      sendTo(model, { want: "frames", frames: want, have: haveDefs() });
    }
    if (!frames.has(i)) watchFrame();
  };
  // A step's words above its board (a phone, tutor.css) may now lie under the stuck step buttons or above the
  // screen: the learner pressed Next while looking at the board, and the new words are what they need. They are
  // brought just under the buttons; words already in view, or under the board (a wider screen), stay where they are.
  // Measured in the next frame, not in the click: reading positions right after the board is swapped made the
  // browser lay the page out there and then (a big board: Next took 16.7 ms rather than 6), the frame lays it out
  // anyway, and a scroll then still comes before anything is painted.
  const showWords = () => {
    below.hidden = true;
    if (!shownByLearner) return;
    // the row as it is with the step's own words in view: their copy in it (offerSaid) would make it look taller than
    // it will be, and the words brought under it would sit a line too low, the row unstuck above them
    said.hidden = true;
    shownByLearner = false;
    if (docked) { dockLow(false); requestAnimationFrame(() => { dockShow(); markMore(); }); return; }
    requestAnimationFrame(() => {
      const words = narration.getBoundingClientRect();
      const bar = nav.getBoundingClientRect();
      const bring = words.height > 0 && words.top < bar.bottom && words.top < board.getBoundingClientRect().top;
      if (bring) {
        narration.style.scrollMarginTop = `${Math.ceil(bar.bottom) + 8}px`;
        narration.scrollIntoView({ block: "start" });
      } else if (words.height > 0 && words.top > board.getBoundingClientRect().top && words.bottom > innerHeight
                 && bar.top > 8) {
        // the words under the board (a wide screen) and below the screen, the step buttons still down the page: the
        // buttons go to the screen's top, where they stay, so that board and words share the screen (a teacher
        // pressed Next and had the step's words and the deep cell off the bottom at every step, stop 50)
        nav.style.scrollMarginTop = "0px";
        nav.scrollIntoView({ block: "start" });
      }
      offerBelow();
      clearOfSaid();
      // "What changed ↓" joining the stuck row makes it taller: the words just brought under it would lie under
      // its second line (a reader read a step's first lines covered): once more, under the row as it is now
      // (only while the row is stuck at the screen's top: scrolled back to its place in the page it covers nothing)
      const now = nav.getBoundingClientRect();
      const under = narration.getBoundingClientRect().top;
      if (bring && now.top <= 1 && now.bottom > bar.bottom + 2 && under < now.bottom + 4) {
        scrollerOf(root).scrollBy(0, under - now.bottom - 8);
      }
      // a wide screen's board under the stuck step buttons: its header comes out from under them (a projector showed
      // "Козырные киты · Раунд 1" cut in half under the buttons at a step's end, a reader, stop 60)
      const row = nav.getBoundingClientRect(), box = board.getBoundingClientRect();
      if (box.top < row.bottom + 2 && box.bottom > row.bottom) scrollerOf(root).scrollBy(0, box.top - row.bottom - 6);
    });
  };
  // A phone's step: what it changed (its event marks, else what it points at) comes into view above the dock by as
  // little a scroll as brings all of it, or its top where it is taller than the room; a step marking nothing brings
  // its board's top where the board is off the screen. The dock's buttons stay where the finger is.
  const dockShow = () => {
    if (!docked) return;
    const shown = (sel) => [...board.querySelectorAll(sel)].filter((r) => r.getBoundingClientRect().height > 0);
    // (what the step did, and what it is about that no ring shows: the pile a player looks through)
    const done = shown(".event[data-target], .tutor-focus[data-target]");
    const marks = done.length ? done : shown("[data-target]");
    const dockBox = dock.getBoundingClientRect();
    const top = 8, bottom = Math.min(dockBox.top, foot() - dockBox.height) - 8;
    const box = board.getBoundingClientRect();
    let span = null;
    if (marks.length) span = spanOf(marks);
    else if (box.height > 0 && (box.top > bottom - 60 || box.bottom < top + 60)) span = { top: box.top, bottom: box.top };
    if (span === null) return;
    let by = 0;
    if (span.bottom - span.top > bottom - top && marks.length > 1) by = fullest(marks, bottom - top) - top;
    else if (span.bottom - span.top > bottom - top || span.top < top) by = span.top - top;
    else if (span.bottom > bottom) by = span.bottom - bottom;
    if (Math.abs(by) > 2) scrollerOf(root).scrollBy(0, by);
  };
  // Where a step's marks are taller than the room above the dock: the top of the stretch of that height that holds
  // most of them whole (the first such, top down). The marks' top alone showed a round's lagoon and left the two
  // players the words were about, the one who went low and the one left empty, under the dock (a reader of wave 23).
  const fullest = (marks, room) => {
    const boxes = marks.map((m) => m.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    let best = boxes[0].top, most = -1;
    for (const start of boxes) {
      const inside = boxes.filter((b) => b.top >= start.top - 1 && b.bottom <= start.top + room + 1).length;
      if (inside > most) { most = inside; best = start.top; }
    }
    return best;
  };
  // where "What changed" goes: the step's marks (its rings, data-target) when none is on the screen, above it or
  // below; for a step that marks nothing, the board itself when all of it lies below the screen (a reader stepped to
  // a tile laid on a ship under nine lines of words, with no button to it). A mark is on the screen when most of it
  // is, under the stuck row: a 30-px sliver of the trick a step changed hid the button to it (a reader).
  // the screen's foot, above a phone's contents bar: a tile laid under the bar counted as seen, and the step left it
  // there (a reader, stop 60)
  const foot = () => screenFoot(root);
  const seenPart = (b, top) => Math.min(b.bottom, foot()) - Math.max(b.top, top) >= Math.min(b.height * 0.6, 60);
  const belowTarget = () => {
    const top = nav.getBoundingClientRect().bottom;
    // what the step did (its event marks) before what it points at: a ring on the other ship, on screen, hid the
    // button to the tile just laid below it
    const shown = (sel) => [...board.querySelectorAll(sel)].filter((r) => r.getBoundingClientRect().height > 0);
    const done = shown(".event[data-target]");
    const rings = done.length ? done : shown("[data-target]");
    if (!rings.length) {
      const box = board.getBoundingClientRect();
      return box.height > 0 && box.top >= innerHeight - 48 ? [board] : null;
    }
    if (rings.some((r) => seenPart(r.getBoundingClientRect(), top))) return null;
    return rings;
  };
  // the marks' span, top to bottom, in the page's coordinates now
  const spanOf = (marks) => {
    const boxes = marks.map((m) => m.getBoundingClientRect());
    return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
  };
  // the button points the way to the step's marks: up when the first of them lies above the screen (Козырные киты'
  // token, moved at the board's top, while the jump went down to the discard pile, a reader)
  const offerBelow = () => {
    if (docked) return;
    const marks = belowTarget();
    below.hidden = marks === null;
    if (marks) {
      const up = spanOf(marks).top < nav.getBoundingClientRect().bottom;
      const words = up ? (labels.above || labels.below) : labels.below;
      if (below.textContent !== words) {
        below.textContent = words;
        below.title = (up ? labels["above.tip"] : labels["below.tip"]) || "";
      }
      below.dataset.way = up ? "up" : "down";
    }
    offerSaid();
  };
  // the words are off the screen: above it, or under the stuck row; the row is stuck only once the learner steps
  const offerSaid = () => {
    const words = narration.getBoundingClientRect();
    const bar = nav.getBoundingClientRect().bottom;
    // ... and only while this example's board is under the row: past the example's end the words hung over the next
    // task's first line, under buttons that seemed to step it (two readers)
    // (most of the screen: a board whose last strip, its key, was all that was left under the row had the words
    // over it and over the next task's first lines, a reader, stop 53)
    const onBoard = board.getBoundingClientRect().bottom > Math.max(bar + 80, innerHeight * 0.55);
    // (their start under the row counts: after "Next" a longer step's first lines slid under it, and the words rode
    // in the row only once all of them had gone, a reader, stop 53)
    const off = onBoard && words.height > 0 && (words.top < bar - 20 || words.top > innerHeight - 24);
    const hide = !(off && root.classList.contains("tutor-stepping") && said.textContent);
    if (said.hidden !== hide) {
      said.hidden = hide;
      if (!hide) markCut();
    }
  };
  // The step's words riding under the row lie over the board: a mark of the step under them (the lagoon cell a step
  // was about, hidden by its own words, two readers) comes down clear of them, as far as that leaves every mark's
  // top on the screen (above the phone's contents bar)
  const clearOfSaid = () => {
    if (said.hidden) return;
    const strip = said.getBoundingClientRect();
    const marks = [...board.querySelectorAll("[data-target]")].map((m) => m.getBoundingClientRect())
      .filter((b) => b.height > 0 && b.bottom > strip.top && b.top < innerHeight);
    const covered = marks.filter((b) => b.top < strip.bottom - 4);
    if (!covered.length) return;
    const need = strip.bottom + 6 - Math.min(...covered.map((b) => b.top));
    const room = innerHeight - 60 - Math.max(...marks.map((b) => b.top));
    const by = Math.min(need, room);
    if (by > 4) scrollerOf(root).scrollBy(0, -by);
  };
  // The words riding under the row come as their first six lines, "…▾" where there are more, and a tap opens them
  // whole where they are (a step's last words were lost when they were cut with no way to them, three readers, stop
  // 50; whole, eight lines of them covered a third of a phone's screen and the board's top, four readers, stop 57;
  // three lines cut most steps' rule off, three readers, stop 58; four cut 43% of the steps mid-sentence, readers of
  // waves 19 and 20);
  // opened and then scrolled on down the board by more than a few lines, they shrink again. (The example's own
  // scroll to what a step changed, just after the step, does not count.)
  let steppedAt = 0;
  let saidFrom = null;
  let pageScroller = null;
  const scrolledTo = () => {
    if (pageScroller === null || !pageScroller.isConnected) pageScroller = scrollerOf(root);
    return pageScroller.scrollTop;
  };
  // (`tiny`: one line, once the learner reads on down the board with the words already shown them: four lines stuck
  // over the board's top hid the cells and the rows they scrolled down to read, four readers, stop 59)
  const shortenSaid = (short, tiny = false) => {
    said.classList.toggle("tutor-said-short", short);
    said.classList.toggle("tutor-said-tiny", short && tiny);
    saidFrom = null;
    requestAnimationFrame(markCut);
  };
  // "…▾" only where words are cut (measured while the box is shown: a hidden one has no height)
  const markCut = () => {
    if (said.hidden) return;
    said.classList.toggle("tutor-said-cut",
                          said.classList.contains("tutor-said-short") && said.scrollHeight > said.clientHeight + 2);
  };
  const watchSaid = () => {
    if (said.hidden) { saidFrom = null; return; }
    const at = scrolledTo();
    if (saidFrom === null || performance.now() - steppedAt < 1200) { saidFrom = at; return; }
    if (Math.abs(at - saidFrom) > 160) {
      if (!said.classList.contains("tutor-said-short")) shortenSaid(true);
      else if (!said.classList.contains("tutor-said-tiny")) shortenSaid(true, true);
    }
  };
  said.addEventListener("click", () => {
    if (said.classList.contains("tutor-said-cut")) {
      shortenSaid(false);
      saidFrom = scrolledTo();
      return;
    }
    said.hidden = true;
    narration.style.scrollMarginTop = `${Math.ceil(nav.getBoundingClientRect().bottom) + 8}px`;
    narration.scrollIntoView({ block: "start", behavior: "smooth" });
  });
  below.addEventListener("click", () => {
    const marks = belowTarget();
    if (marks) goToMarks(marks); else below.hidden = true;
  });
  // ("What changed ↓": the marks centred)
  const goToMarks = (marks) => {
    below.hidden = true;
    if (marks[0] === board) {
      board.style.scrollMarginTop = `${Math.ceil(nav.getBoundingClientRect().bottom) + 4}px`;
      board.scrollIntoView({ block: "start", behavior: "smooth" });
    } else {
      // every mark of the step on the screen at once where they fit under the stuck row (a step's three changes lay
      // over two screens, a reader), else its first; clear of the row as it is once the step's words ride in it (a
      // tall row covered the trick the step had changed, a reader)
      marks[0].scrollIntoView({ block: "center" });
      const place = () => {
        const bar = Math.max(nav.getBoundingClientRect().bottom, said.hidden ? 0 : said.getBoundingClientRect().bottom);
        const span = spanOf(marks);
        const room = foot() - bar - 16;
        const fits = span.bottom - span.top <= room;
        const to = fits ? span.top - bar - 8 - (room - (span.bottom - span.top)) / 2 : span.top - bar - 8;
        if (Math.abs(to) > 2) scrollerOf(root).scrollBy(0, to);
        offerSaid();
        clearOfSaid();
      };
      requestAnimationFrame(() => { offerSaid(); place(); });
    }
  };
  // scrolled to by hand: the button goes once a mark is on screen
  // the white the stuck row carries above it (tutor.css) only while it is stuck: in its place it covered the lower
  // line of the example's heading over it from the first step on (a reader of wave 19)
  const markStuck = () => {
    const margin = parseFloat(getComputedStyle(nav).marginTop) || 0;
    const stuck = root.classList.contains("tutor-stepping")
      && navPlace.getBoundingClientRect().bottom + margin < nav.getBoundingClientRect().top - 1;
    if (nav.classList.contains("tutor-nav-stuck") !== stuck) nav.classList.toggle("tutor-nav-stuck", stuck);
  };
  // the dock rides at the foot only once the board's top is in the screen's upper half: stuck there as soon as the
  // example's heading came up from below, it lay over the heading with no board yet to show (a reader of wave 23)
  const placeFree = () => {
    const top = board.getBoundingClientRect().top;
    const free = top > innerHeight * 0.5;
    if (dock.classList.contains("tutor-dock-free") !== free) dock.classList.toggle("tutor-dock-free", free);
  };
  const onScroll = () => {
    if (docked) {             // the dock rides at the foot by itself (tutor.css)
      placeFree();
      // (a hand's scroll over this example, a moment after it: the page's own scroll to a step's marks is not one)
      // (nor the page settling under words just opened by a tap)
      const now = performance.now();
      if (now - handScrolled < 400 && now - steppedAt > 900 && now - openedAt > 700 && handScrolled > openedAt) {
        const r = root.getBoundingClientRect();
        // (by a few lines at least: a small nudge to see a row under the words shrank them mid-sentence, a reader)
        const at = scrolledTo();
        if (lowFrom === null) lowFrom = at;
        if (r.top < innerHeight && r.bottom > 0 && Math.abs(at - lowFrom) > 150) dockLow(true);
      }
      return;
    }
    markStuck();
    // (on a phone it floats at the screen's foot: it goes with the example too, once that is off the screen)
    const out = () => { const r = root.getBoundingClientRect(); return r.bottom < 0 || r.top > innerHeight; };
    if (!below.hidden && (out() || belowTarget() === null)) below.hidden = true;
    if (!root.classList.contains("tutor-stepping")) return;
    offerSaid();
    watchSaid();
  };
  window.addEventListener("scroll", onScroll, { passive: true, capture: true });
  let shownByLearner = false;
  // The step buttons stick to the top of the screen once the learner steps, for as long as the example is on
  // screen: a reader stepping through a tall phone board found them a screen above on every step. Not before: a
  // reader scrolling past an example to the next quiz found them stuck over the board's top rows.
  const unstickNow = () => { root.classList.remove("tutor-stepping"); said.hidden = true; };
  const unstick = typeof IntersectionObserver === "function" ? new IntersectionObserver((seen) => {
    for (const entry of seen) if (!entry.isIntersecting) unstickNow();
  }) : null;
  if (unstick) unstick.observe(root);
  const go = (i) => {
    const n = model.get("count");
    i = Math.max(0, Math.min(i, n - 1));
    if (i === model.get("index")) return;
    root.classList.add("tutor-stepping");
    shownByLearner = true;      // before the set: its change event draws the step at once
    model.set("index", i);
    model.save_changes();
    draw();
    prefetch(i);
    // the learner reached the example's last step: told once, for their progress (tutor/widgets/progress.py)
    if (i === n - 1 && n > 1 && !toldEnd) {
      toldEnd = true;
      sendTo(model, { seen_end: true });
    }
  };
  let toldEnd = false;
  first.addEventListener("click", () => go(0));
  back.addEventListener("click", () => go(model.get("index") - 1));
  next.addEventListener("click", () => go(model.get("index") + 1));
  last.addEventListener("click", () => go(model.get("count") - 1));
  slider.addEventListener("input", () => go(Number(slider.value)));

  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.defs) installDefs(msg.defs.key, msg.defs.markup);
    if (msg.frame && msg.frame.layout !== undefined && msg.frame.layout !== model.get("board_layout")) {
      // drawn for another screen than the model says: asked again when the model's layout changes (onLayout) or,
      // should that change never come, by watchFrame
      asked.delete(msg.frame.i);
      return;
    }
    if (msg.frame) {
      // parse now, ahead of the learner, so that showing the frame later costs no parsing
      const parse = (html) => {
        const t = document.createElement("template");
        t.innerHTML = html;
        const box = document.createElement("div");
        box.style.display = "contents";
        box.append(t.content);
        return box;
      };
      frames.set(msg.frame.i, { board: parse(msg.frame.svg), text: parse(msg.frame.narration) });
      if (msg.frame.i === model.get("index")) {
        waited = 0;
        shown = -1;
        draw();
      }
    }
  };
  model.on("msg:custom", onMessage);
  const onIndex = () => { draw(); prefetch(model.get("index")); };
  model.on("change:index", onIndex);
  model.on("change:warning", draw);
  model.on("change:error", draw);
  model.on("change:count", draw);
  // the kernel draws the frames again for a new screen (a phone turned): drop the ones held, ask again
  const onLayout = () => {
    frames.clear();
    asked.clear();
    shown = -1;
    prefetch(model.get("index"));
  };
  model.on("change:board_layout", onLayout);
  draw();
  prefetch(model.get("index"));   // the frame on screen first, and says which board symbols the page has
  return () => {
    alive = false;
    window.removeEventListener("scroll", onScroll, { capture: true });
    for (const kind of ["touchmove", "wheel"]) window.removeEventListener(kind, byHand, { capture: true });
    if (phoneQuery && phoneQuery.removeEventListener) phoneQuery.removeEventListener("change", placeDock);
    if (unstick) unstick.disconnect();
    clearTimeout(waiting);
    model.off("msg:custom", onMessage);
    model.off("change:index", onIndex);
    model.off("change:warning", draw);
    model.off("change:error", draw);
    model.off("change:count", draw);
    model.off("change:board_layout", onLayout);
  };
}

export default { render };
