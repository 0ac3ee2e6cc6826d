// A lesson's table of contents, built in the page from the lesson's own part anchors (<a id="part-…"> before each
// "## N. Title" heading; lessons/GUIDELINES.md): beside the text where the screen has room for it, behind one
// button that is always on screen on a phone. It marks the part being read, puts a "next part" link at the end of
// each part, folds reference parts (`folded`, their anchors' ids: what is in the box, the rulings) until they are
// opened, and keeps the way back after a jump (the browser's Back, or "back to where you were").
// Nothing here asks the kernel anything: the same code runs on a Voilà page, in the static site and in JupyterLab.
// page.js calls lessonContents(words) once; it returns a function that takes it all away again.

const WIDE = 1180;        // px of window from which the contents sit beside the text (a laptop, a projector)

const READ_SECONDS = 6;     // a part counts as read once its end was on screen after this long in it
const WHOLE_SECONDS = 2;    // ... or once all of it was on screen together for this long
// ... and never sooner than its words take at a skimming reader's pace (about 480 a minute), up to READ_MOST: two
// teachers saw short parts ticked read by their scrolling past them in two seconds. (At 300 a minute and up to 20 s,
// readers who read part 1 to its end and went on found it never ticked, three readers of wave 24: the tick says
// "you reached the end of this part", not "you read slowly enough".)
const WORDS_A_SECOND = 8;
const READ_MOST = 12;
const MIN_WHOLE_PX = 80;    // ... if it is drawn: a heading and a line of text at least
const PLACE_SECONDS = 8;    // the place kept for the next visit: a part the learner has stayed in this long

export function lessonContents(words, folded = [], store = null, onPractise = null) {
  // this page's lesson: its file's name before the first dot ("maui.ru.ipynb", "maui.html") and the page's language
  const game = (window.location.pathname.split("/").pop() || "").split(".")[0].replace(/[^a-z0-9_]/g, "");
  const lang = (document.documentElement.lang || "en").slice(0, 2);
  const key = `${game}/${lang}`;
  // where the learner was when they last left this lesson (read before this visit moves it)
  // (and what it had read then: "continue" is for a learner coming back, not for one who has just arrived, nor
  // right after "forget my progress")
  let arrivedFrom = store ? store.at(key) : null;
  let arrivedItem = store ? store.item(key) : null;
  let readBefore = store ? store.read(key) : new Set();
  const say = (template, values) => template.replace(/\{(\w+)\}/g, (m, name) => (name in values ? values[name] : m));
  // an element with its properties (and attributes: role, aria-*)
  const make = (tag, props = {}, attrs = {}) => {
    const el = Object.assign(document.createElement(tag), props);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    return el;
  };
  const button = (className, textContent = "") => make("button", { type: "button", className, textContent });
  const nav = make("nav", { className: "tutor-contents" }, { "aria-label": words.title });
  const toggle = make("button", { type: "button", className: "tutor-contents-toggle" }, { "aria-expanded": "false" });
  const sheet = make("div", { className: "tutor-contents-sheet" });
  const heading = make("div", { className: "tutor-contents-title" });
  const fold = button("tutor-contents-fold", words.fold);
  heading.append(make("span", { textContent: words.title }), fold);
  const back = Object.assign(button("tutor-contents-back"), { hidden: true });
  const list = make("ol", { className: "tutor-contents-list" });
  const resume = make("a", { className: "tutor-contents-resume", hidden: true });
  // and, when the learner's place lies past parts not read yet (a reader played at the table, then came back: the
  // place offered was the table), the first of those too: "where I was" and "where I stopped reading" both
  const bannerUnread = make("a", { className: "tutor-continue tutor-continue-unread", hidden: true });
  const resumeUnread = make("a", { className: "tutor-contents-resume tutor-continue-unread", hidden: true });
  const footer = make("div", { className: "tutor-contents-footer" });
  const tally = make("p", { className: "tutor-progress-tally" });
  // what the marks in the list mean, in words (their tooltip is no help on a phone)
  const marksKey = make("p", { className: "tutor-progress-legend" });
  const notSaving = make("p", { className: "tutor-progress-not-saving", textContent: words.not_saving, hidden: true },
                         { role: "status" });
  const tools = make("div", { className: "tutor-progress-tools" });
  const practise = button("tutor-practise-button", words.practise);
  const forget = button("", words.forget);
  const exportButton = button("", words.export);
  const importButton = button("", words.import);
  const importFile = make("input", { type: "file", accept: ".json,application/json", hidden: true });
  const told = make("p", { className: "tutor-progress-told" }, { role: "status" });
  tools.append(practise, forget, exportButton, importButton, importFile);
  footer.append(tally, notSaving, tools, told);
  // the key above the list it explains: under a phone's long list it was out of view where the marks are (a reader)
  sheet.append(heading, back, resume, resumeUnread, marksKey, list, footer);
  // at the top of the lesson too: the way back to where the learner left off
  const banner = make("a", { className: "tutor-continue", hidden: true });
  const practiseTop = Object.assign(button("tutor-practise-button tutor-practise-top", words.practise), { hidden: true });
  // a practise session opens above part 1: the place the learner left stays theirs (`practising` keeps it from
  // being moved), the way back is on screen, and the session's end links back to it
  const startPractise = () => {
    close();
    if (!onPractise) return;
    const left = store ? parts.find((p) => p.id === store.at(key)) : null;
    const here = current >= 1 ? parts[current] : left;
    practising = true;
    if (current >= 1) { saved = { top: scroller().scrollTop, index: current }; showBack(); }
    onPractise(here ? { id: here.id, title: here.title } : null);
  };
  practise.addEventListener("click", startPractise);
  practiseTop.addEventListener("click", startPractise);
  nav.append(toggle, sheet);
  document.body.appendChild(nav);

  let parts = [];               // [{id, title, number, anchor, heading, cell, fold, link, next}]
  let current = -1;
  let practising = false;       // a practise session is on screen, opened by the learner (see startPractise)
  let saved = null;             // where the learner was before the last jump: {top, index}
  // the box the page scrolls in (scroll.js): found from the first part's heading
  const scroller = () => scrollerOf(parts.length ? parts[0].anchor : null);

  const titleOf = (h2) => {
    const copy = h2.cloneNode(true);
    for (const link of copy.querySelectorAll(".anchor-link, .tutor-part-mark")) link.remove();
    return copy.textContent.replace(/\s+/g, " ").trim();
  };
  // a cell as the page lays it out: Voilà wraps each cell in a box of its own (with a script), so the cells that
  // follow a part's are the siblings of that box
  const unitOf = (cell) => {
    let unit = cell;
    while (unit.parentElement && unit.parentElement !== document.body
           && unit.parentElement.querySelectorAll(".jp-Cell").length === 1) unit = unit.parentElement;
    return unit;
  };
  // a part is an anchor whose next element is a level-2 heading; its cells run to the next part's anchor
  const scan = () => {
    const found = [];
    for (const anchor of document.querySelectorAll('a[id^="part-"]')) {
      const holder = anchor.parentElement && anchor.parentElement.tagName === "P" ? anchor.parentElement : anchor;
      const h2 = holder.nextElementSibling;
      if (!h2 || h2.tagName !== "H2") continue;
      const title = titleOf(h2);
      const number = (title.match(/^(\d+)\./) || [])[1] || "";
      const cell = anchor.closest(".jp-Cell");
      found.push({ id: anchor.id, title, number, anchor, holder, heading: h2, inCell: Boolean(cell),
                   cell: cell ? unitOf(cell) : holder.parentElement,
                   fold: folded.includes(anchor.id) });
    }
    return found;
  };
  // what a part holds beyond its heading: the rest of its first cell, then whole cells up to the next part
  const bodyOf = (index) => {
    const part = parts[index];
    const end = index + 1 < parts.length ? parts[index + 1].cell : null;
    const els = [];
    const stop = parts[index + 1];
    for (let el = part.heading.nextElementSibling; el; el = el.nextElementSibling) {
      if (stop && (el === stop.holder || el === stop.next)) return els;      // two parts in one cell
      els.push(el);
    }
    if (part.inCell) {
      for (let cell = part.cell.nextElementSibling; cell && cell !== end; cell = cell.nextElementSibling) {
        if (cell.querySelector && cell.querySelector('a[id^="part-"]') && parts.some((p) => p.cell === cell)) break;
        els.push(cell);
      }
    }
    return els;
  };
  // a practice item's id and the class that names it on its part (tutor/widgets/lazy.py practice_class):
  // "maui/seagull-takes" <-> "tutor-item-maui--seagull-takes"; a chain's step names the step before "tutor-after-..."
  const itemClass = (item, prefix = "tutor-item-") => prefix + item.replace(/\//g, "--");
  const itemOf = (el, prefix = "tutor-item-") => {
    const cls = [...el.classList].find((c) => c.startsWith(prefix));
    return cls ? cls.slice(prefix.length).replace(/--/g, "/") : null;
  };
  // the elements of part `index` with class `cls`, in page order
  const inPart = (index, cls) => bodyOf(index).flatMap((el) => !el.classList ? []
    : [...(el.classList.contains(cls) ? [el] : []), ...el.querySelectorAll("." + cls)]);
  // the quizzes, tasks and drills of part `index`
  const practiceIn = (index) => inPart(index, "tutor-practice");
  // the same without the part's extras (tutor/lesson.py `extra`): folded, optional, so neither the part's star nor
  // the way back waits for them
  const coreIn = (index) => practiceIn(index).filter((p) => !p.classList.contains("tutor-extra"));
  const setFolded = (index, folded) => {
    const part = parts[index];
    part.folded = folded;
    for (const el of bodyOf(index)) {
      if (el === part.opener) continue;
      el.classList.toggle("tutor-folded", folded);
    }
    if (part.opener) {
      part.opener.textContent = folded ? words.show : words.hide;
      part.opener.setAttribute("aria-expanded", folded ? "false" : "true");
    }
    if (parts[index + 1] && parts[index + 1].next) parts[index + 1].next.hidden = folded;
  };
  const unfoldAround = (target) => {
    // a link to a folded part, or to anything inside one, opens that part first (the parts it opened are returned)
    const opened = [];
    for (let i = 0; i < parts.length; i++) {
      if (!parts[i].folded) continue;
      const inside = target === parts[i].anchor || bodyOf(i).some((el) => el === target || el.contains(target));
      if (inside) { setFolded(i, false); opened.push(i); }
    }
    return opened;
  };
  // ... and the way back folds them again: a reader who looked up what is in the box and the rulings and came back
  // found both open on the path from part 11 to the game, seven screens of reference (stop 55)
  const refold = (opened) => { for (const i of opened || []) if (parts[i] && parts[i].fold) setFolded(i, true); };

  // while the sheet is open the page under it holds still: a finger's scroll on the sheet moved the lesson behind it
  // from part 15 to part 12 (a reader, stop 59)
  let locked = null;
  const lockPage = (on) => {
    if (on && !locked) {
      locked = scroller() || document.documentElement;
      locked.style.overflowY = "hidden";
    } else if (!on && locked) {
      locked.style.overflowY = "";
      locked = null;
    }
  };
  const close = () => {
    nav.classList.remove("tutor-contents-open");
    toggle.setAttribute("aria-expanded", "false");
    lockPage(false);
  };
  const jump = (id, remember, item = null) => {
    const index = parts.findIndex((p) => p.id === id);
    const target = document.getElementById(id);
    if (!target) return;
    lockPage(false);        // (a locked page's box is not found as the one that scrolls: its place read 0)
    // (to the part the learner is in already: nothing to come back to, a reader met "↩ back to 15" in part 15)
    if (remember && index >= 0 && index === current && !item) remember = false;
    if (remember) {
      const box = scroller();
      saved = { top: box.scrollTop, index: current, to: index };
      try {
        history.replaceState({ ...(history.state || {}), tutorTop: box.scrollTop }, "");
        history.pushState({ tutorPart: id }, "", `#${id}`);
      } catch (err) { /* a sandboxed frame may refuse history: the jump still happens */ }
      showBack();
    }
    const opened = unfoldAround(target);
    if (remember && saved) saved.opened = opened;
    const holder = index >= 0 ? parts[index].holder : target;
    holder.scrollIntoView({ block: "start" });
    const at = item ? document.querySelector(`.${CSS.escape(itemClass(item))}`) : null;
    if (at) {
      // an extra waits folded behind its button: the way to it opens it
      const folded = at.classList.contains("tutor-lazy-manual") && at.querySelector(".tutor-reveal-button:not([disabled])");
      if (folded) folded.click();
      at.scrollIntoView({ block: "start" });
    }
    pin(at || holder);
    if (index >= 0) practising = false;       // the learner went to a part: it is their place again
    close();
  };
  // A jump's target stays where the jump put it while the parts above it are built (they grow as they come near the
  // screen, and "continue" to part 14 left a reader 2,600 px up, in part 13's form, twice of three), until the
  // learner scrolls themselves or two seconds have passed
  // (the browser's Back or the way back lets go of it at once)
  const LEAVE = ["wheel", "touchstart", "keydown"];
  let pinned = null;
  const unpin = () => {
    if (!pinned) return;
    clearInterval(pinned.timer);
    for (const kind of LEAVE) removeEventListener(kind, unpin, true);
    pinned = null;
  };
  // (`at`: where on the screen it belongs; else where it is now. A page still loading may be too short yet to
  // scroll it there)
  const pin = (el, hold = 2500, at = null) => {
    unpin();
    const want = at === null ? el.getBoundingClientRect().top : at;
    const started = Date.now();
    for (const kind of LEAVE) addEventListener(kind, unpin, { capture: true, passive: true });
    pinned = { timer: setInterval(() => {
      if (Date.now() - started > hold || !el.isConnected) { unpin(); return; }
      // (the box that scrolls is looked up each time: early in a page's building none scrolls yet)
      const off = el.getBoundingClientRect().top - want;
      if (Math.abs(off) > 4) scroller().scrollBy(0, off);
    }, 100) };
  };
  // after a jump the way back is on screen too, beside the contents' button, until used or the learner reads on
  const returnChip = button("tutor-contents-return");
  returnChip.hidden = true;
  nav.appendChild(returnChip);
  const showBack = () => {
    if (!saved) { back.hidden = returnChip.hidden = true; return; }
    const was = parts[saved.index];
    back.textContent = was ? words.back_to.replace("{part}", was.title) : words.back;
    returnChip.textContent = was ? (was.number ? words.back_chip.replace("{n}", was.number) : `↩ ${was.title}`)
      : words.back_top;
    returnChip.title = back.textContent;
    returnChip.setAttribute("aria-label", back.textContent);
    back.hidden = false;
    // after a jump the chip stays until it is used or the learner is back in the part it leads to by themselves: it
    // went 30 s after they read on from the part they jumped to, and a reader who read on one part lost the way
    // back; and "↩ 14" pointed at part 14 while they were in it (two readers, stop 57)
    returnChip.hidden = current === saved.index && saved.to === undefined;
  };
  const goBack = () => {
    unpin();
    if (!saved) return;
    // the browser's own Back, so the address loses the #part- it gained (onPop puts the place back)
    if (history.state && history.state.tutorPart) history.back();
    else { refold(saved.opened); scroller().scrollTop = saved.top; saved = null; showBack(); }
    close();
  };
  back.addEventListener("click", goBack);
  returnChip.addEventListener("click", goBack);
  const onPop = (event) => {
    // a Back that closed a board's closer look (zoom.js, inlined beside this) is no Back in the lesson
    if (typeof zoomBackJustNow === "function" && zoomBackJustNow()) return;
    unpin();
    // the browser's Back after a jump: to where the learner was, not to the top of the previous part
    const top = event.state && typeof event.state.tutorTop === "number" ? event.state.tutorTop : null;
    if (top !== null) {
      // the browser scrolls to the address's #part- anchor as it goes back; the learner's place is set after it
      const restore = () => { scroller().scrollTop = top; };
      if (saved) refold(saved.opened);
      restore();
      setTimeout(restore, 60);
      saved = null;
      showBack();
    }
    else if (event.state && event.state.tutorPart) jump(event.state.tutorPart, false);
  };
  window.addEventListener("popstate", onPop);
  // a wide screen's column can be folded away (a projector wants the width); the choice is kept on the device
  const FOLDED_KEY = "tutor.contents.folded";
  // Folded to begin with on a projector's width (1,600 px and up): the room reads the lesson, and the column took
  // 330 px of the boards' width (three readers); the ☰ button opens it, and a choice made is kept
  const remembered = () => {
    let kept = null;
    try { kept = localStorage.getItem(FOLDED_KEY); } catch (err) { /* storage off: the screen's default */ }
    return kept === null ? onProjector() : kept === "1";
  };
  const setSideFolded = (folded) => {
    nav.classList.toggle("tutor-contents-folded", folded);
    try { localStorage.setItem(FOLDED_KEY, folded ? "1" : "0"); } catch (err) { /* storage off: for this page */ }
  };
  nav.classList.toggle("tutor-contents-folded", remembered());
  fold.addEventListener("click", () => { if (document.body.classList.contains("tutor-contents-wide")) setSideFolded(true); else close(); });
  // a projector's column opened from its folded button is folded again once a part is chosen in it: it stayed open
  // after the jump and took 330 px from the play table's boats (a reader, stop 60)
  let openedToJump = false;
  toggle.addEventListener("click", () => {
    if (document.body.classList.contains("tutor-contents-wide")) {
      openedToJump = onProjector();
      setSideFolded(false);
      return;
    }
    const open = !nav.classList.contains("tutor-contents-open");
    nav.classList.toggle("tutor-contents-open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    lockPage(open);
    if (open) {
      const here = list.querySelector('[aria-current="location"]');
      if (here) here.scrollIntoView({ block: "nearest" });
    }
  });
  // "show it now" on a chain's step still folded (tutor.lesson.your_turn `after`): the learner's choice
  // ... and a step whose step before is itself still folded waits unseen: two alike "this step opens once…" boxes
  // one under the other read as the page repeating itself (a reader of wave 20, Паперові океани's crabs)
  const chainWaits = () => {
    const boxes = [...document.querySelectorAll(".tutor-after")];
    const own = new Map(boxes.map((b) => [[...b.querySelectorAll("[class*='tutor-item-']")].map((e) => itemOf(e))
      .find(Boolean), b]));
    for (const box of boxes) {
      const before = own.get(itemOf(box, "tutor-after-"));
      box.classList.toggle("tutor-after-waits", !!before && !before.classList.contains("tutor-unlocked"));
    }
  };
  const onUnlock = (event) => {
    const opener = event.target && event.target.closest ? event.target.closest(".tutor-unlock") : null;
    const box = opener ? opener.closest(".tutor-after") : null;
    if (box) { box.classList.add("tutor-unlocked"); chainWaits(); }
  };
  document.addEventListener("click", onUnlock);
  if (store) document.body.classList.add("tutor-progress-on");
  // a link to a part anywhere on the page ("see the rulings below") opens a folded part and keeps the way back
  const onLink = (event) => {
    const link = event.target && event.target.closest ? event.target.closest('a[href^="#part-"]') : null;
    if (!link) return;
    event.preventDefault();
    // "Next: …" at a part's end is reading on, not a jump away: no way back to the part just read, and an older one
    // goes (three readers of stop 59 found "↩ back to 3" still in the bar while they read parts 4 to 7 by it)
    if (link.classList.contains("tutor-next-part")) {
      // ... and the part it ends is read: the learner came to its end and says so (three readers of stop 63 found
      // parts 1 and 2 unticked after reading them to "Next" and pressing it before their words' time was up)
      const ended = parts.findIndex((p) => p.next === link) - 1;
      const stayed = (at) => at !== undefined && Date.now() - at >= WHOLE_SECONDS * 1000;
      if (store && ended >= 0 && !parts[ended].folded
          && ((ended === current && stayed(since)) || stayed(wholeSince.get(parts[ended].id)))) {
        store.markRead(key, parts[ended].id);
      }
      saved = null;
      showBack();
      jump(link.getAttribute("href").slice(1), false);
      return;
    }
    jump(link.getAttribute("href").slice(1), true, link.dataset.item || null);
    if (openedToJump && list.contains(link)) { openedToJump = false; setSideFolded(true); }
  };
  document.addEventListener("click", onLink);
  // a ruling's mark keeps the stop or comma after it on its line: "." alone at the head of a phone's next line read
  // as a slip (a reader)
  for (const mark of document.querySelectorAll('.jp-RenderedHTMLCommon a[href^="#ruling-"]')) {
    const after = mark.nextSibling;
    if (!after || after.nodeType !== Node.TEXT_NODE || mark.parentElement.classList.contains("tutor-nowrap")) continue;
    const stop = (after.textContent.match(/^[.,;:!?)»]+/) || [""])[0];
    if (!stop) continue;
    after.textContent = after.textContent.slice(stop.length);
    const glue = make("span", { className: "tutor-nowrap" });
    mark.replaceWith(glue);
    glue.append(mark, stop);
  }
  // a ruling's mark in the text ("⚖ tutor's ruling", a link to #ruling-<slug>): the rule is taught in one line and
  // the ruling, with its reason, opens under it on a tap, from the page's list of rulings (tutor/lesson.py
  // `rulings`). Three readers found the reasons written out where each rule is taught read as hedging; a tap
  // again closes it, and the note's own link goes to the whole list.
  const onRuling = (event) => {
    const mark = event.target && event.target.closest ? event.target.closest('a[href^="#ruling-"]') : null;
    if (!mark) return;
    const slug = mark.getAttribute("href").slice("#ruling-".length);
    const source = document.getElementById(`ruling-${slug}`);
    if (!source) return;                      // no list on this page: the link goes where it points
    event.preventDefault();
    const block = mark.closest("li, p, td") || mark.parentElement;
    // in a list item the note goes inside it (a list holds items only), else under the paragraph
    const inside = block.tagName === "LI";
    const near = inside ? block.lastElementChild : block.nextElementSibling;
    const open = near && near.dataset && near.dataset.rulingNote === slug ? near : null;
    if (open) { open.remove(); mark.setAttribute("aria-expanded", "false"); return; }
    const note = make("div", { className: "tutor-ruling-note" });
    note.dataset.rulingNote = slug;
    note.setAttribute("role", "note");
    const all = make("a", { href: "#part-rulings", textContent: words.ruling_all });
    const text = source.cloneNode(true);
    const head = text.querySelector(":scope > b");
    if (head) head.remove();                  // the section's name, in the list's own line: the note is by its rule
    note.append(make("b", { textContent: words.ruling_head }), " ",
                make("span", { textContent: text.textContent.replace(/^\s*:\s*/, "") }), " ", all);
    if (inside) block.append(note); else block.after(note);
    mark.setAttribute("aria-expanded", "true");
  };
  document.addEventListener("click", onRuling);

  // reading: the time spent in the part being read, and whether its end has been on screen since
  // (a short part needs less time than a long one: about a screen every 3 seconds, at most READ_SECONDS)
  // A part whose whole text is on screen at once (the first part, under the title, on a page just opened) is read
  // after WHOLE_SECONDS of it there, even if the learner's line never entered it. Its end counts as reached within
  // half a screen of the window's bottom: a part that ends with a drill or the play table leaves its last half
  // screen empty of words, and a reader who worked through part 8's tasks and stopped at its last drill found it
  // never ticked.
  let since = Date.now();
  const wholeSince = new Map();
  // the seconds a part's own words take to read (its text cells, not its boards and widgets), counted once
  const wordTime = new Map();
  const wordSeconds = (i) => {
    const part = parts[i];
    if (!wordTime.has(part.id)) {
      const words = bodyOf(i).flatMap((el) => !el.querySelectorAll ? []
        : [...(el.matches(".jp-RenderedMarkdown") ? [el] : []), ...el.querySelectorAll(".jp-RenderedMarkdown")])
        .reduce((n, md) => n + (md.textContent.match(/\S+/g) || []).length, 0);
      if (!words) return 0;         // not built yet: counted when it is
      wordTime.set(part.id, Math.min(READ_MOST, words / WORDS_A_SECOND));
    }
    return wordTime.get(part.id);
  };
  const endOf = (i) => {
    if (parts[i + 1]) return parts[i + 1].holder.getBoundingClientRect().top;
    const box = scroller();
    return box.scrollTop + box.clientHeight >= box.scrollHeight - 40 ? 0 : Infinity;
  };
  // the part's last thing (a drill, the play table, a folded quiz) has begun to show: at least a little of it is on
  // screen. The half screen allowed after the end is for a tall last widget, not for a short one never reached (a
  // reader on a projector saw part 3 ticked read with its quiz, task and drill still under the screen, folded small)
  const lastShown = (i) => {
    const drawn = bodyOf(i).filter((e) => e.getBoundingClientRect && e.getBoundingClientRect().height > 0);
    if (!drawn.length) return true;
    const box = drawn[drawn.length - 1].getBoundingClientRect();
    return box.top <= window.innerHeight - Math.min(60, box.height / 2);
  };
  const readCheck = () => {
    if (!store) return;
    const read = store.read(key);
    const now = Date.now();
    parts.forEach((part, i) => {
      if (part.folded || read.has(part.id)) return;                 // a folded part is not read
      // a part whose game was played to its end is read, wherever the page stands (static/play.js)
      if (inPart(i, "tutor-game-done").length) { store.markRead(key, part.id); return; }
      // a part not drawn yet has no height (the static site on a slow phone, still running its cells, once
      // showed ten empty parts on one screen and ticked them all read): only a part with words in it counts
      const top = part.holder.getBoundingClientRect().top;
      const end = endOf(i);
      const drawn = parts[i + 1] ? end - top : Infinity;     // the last part: the page's end is on screen
      const whole = top >= 0 && drawn >= MIN_WHOLE_PX && end <= window.innerHeight;
      if (!whole) { wholeSince.delete(part.id); return; }
      if (!wholeSince.has(part.id)) wholeSince.set(part.id, now);
      else if (now - wholeSince.get(part.id) >= Math.max(WHOLE_SECONDS, wordSeconds(i)) * 1000) {
        store.markRead(key, part.id);
      }
    });
    if (current < 0 || !parts[current] || parts[current].folded) return;
    const part = parts[current];
    keepPlace(part, now);
    const end = endOf(current);
    if (end <= window.innerHeight * 1.5 && lastShown(current) && now - since >= needed(current) * 1000
        && !read.has(part.id)) {
      store.markRead(key, part.id);
    }
  };
  // how long a learner stays in part i before it counts as read: a few seconds a screen of it, or its words' time
  const needed = (i) => {
    const top = parts[i].holder.getBoundingClientRect().top;
    const end = endOf(i);
    const screens = Number.isFinite(end) ? (end - top) / window.innerHeight : 0;
    return Math.max(Math.min(READ_SECONDS, Math.max(1.5, screens * 3)), wordSeconds(i));
  };
  // The place kept for the next visit: the part the learner has stayed in for PLACE_SECONDS, and the quiz, task or
  // drill at the top of the screen in it. Not a reference part (what is in the box, the rulings: a look-up is no
  // place in the lesson), not a glance after a jump, not while a practise session is on screen (it sits above
  // part 1, and a finished session left the page at part 1, which then passed for where the learner had stopped).
  const keepPlace = (part, now) => {
    if (!game || practising || part.fold || now - since < PLACE_SECONDS * 1000) return;
    // the first one not yet scrolled past (its bottom below the top 80 px), if it is on screen
    const first = practiceIn(current).find((p) => {
      const box = p.getBoundingClientRect();
      return box.height > 0 && box.bottom > 80;
    });
    const onScreen = first && first.getBoundingClientRect().top < window.innerHeight;
    store.setAt(key, part.id, onScreen ? itemOf(first) : null);
  };
  // (the bar's place checked each second too: a part built as it came into view moved the headings with no scroll,
  // and the bar named the part before until the next swipe, two readers of wave 21)
  const reading = setInterval(() => { readCheck(); mark(); }, 1000);
  const mark = () => {
    let index = -1;
    // a part is where the learner is once its heading is in the screen's upper half: at 140 px the bar still named
    // the part before while the next one's heading and first lines filled the screen (two readers, stop 57), and at
    // 40% a projector said 2/16 over part 3's heading and words (a reader, stop 58)
    const line = window.innerHeight * 0.5;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].holder.getBoundingClientRect().top <= line) index = i; else break;
    }
    if (index === current) return;
    // a part read on into the next one, after long enough in it, is read: the check each second looks for its end on
    // the screen while the learner is still in it, and a reader who read a part's top, then scrolled through its end
    // within a second, saw it never ticked (two readers of wave 23, parts 1 and 8)
    if (store && current >= 0 && index === current + 1 && parts[current] && !parts[current].folded
        && Date.now() - since >= needed(current) * 1000 && !store.read(key).has(parts[current].id)) {
      store.markRead(key, parts[current].id);
    }
    current = index;
    // (the chip: while the learner is in the part jumped to or the one after it; reading on further, the way back is
    // in the contents only: it stayed through parts 5 to 15 after a jump from 4 to 5, a reader, stop 57)
    const near = (i) => saved && i !== saved.index && (saved.to === undefined || saved.to < 0 || i <= saved.to + 1);
    if (saved && !returnChip.hidden && !near(index)) returnChip.hidden = true;
    else if (saved && returnChip.hidden && near(index) && !back.hidden) returnChip.hidden = false;
    since = Date.now();
    if (index >= 2) practising = false;      // reading on past part 1: the session is behind the learner
    parts.forEach((p, i) => {
      if (i === index) p.link.setAttribute("aria-current", "location");
      else p.link.removeAttribute("aria-current");
    });
    const part = parts[index];
    // the address names a part once the contents jumped there: it follows the reader, so that coming back (a
    // phone's Back, a reload) opens where they were, not at a part they jumped to long before (a reader came back
    // from the index to part 3 while playing in part 15). The jump's own history entry stays for Back.
    if (part && window.location.hash.startsWith("#part-") && window.location.hash !== `#${part.id}`) {
      try { history.replaceState(history.state, "", `#${part.id}`); } catch (err) { /* a sandboxed frame */ }
    }
    const total = parts.length ? parts[parts.length - 1].number || String(parts.length) : "";
    // on a phone the button is a bar along the bottom edge: where the learner is, and the part's name as a running
    // footer (a wide screen's folded column shows the number only, in a round button)
    toggle.replaceChildren();
    if (part && part.number) {
      // (two pieces: a wide screen's folded button stacks them, ☰ over the number, to stay narrow at the edge)
      const at = make("span", { className: "tutor-contents-at" });
      at.append(make("span", { textContent: "☰" }), " ", make("span", { textContent: `${part.number}/${total}` }));
      toggle.append(at,
                    make("span", { className: "tutor-contents-here", textContent: part.title.replace(/^\d+\.\s*/, "") }));
    // (before part 1, on a wide screen the folded button's "☰" alone: its words made it wider than its gutter)
    } else toggle.textContent = document.body.classList.contains("tutor-contents-wide") ? "☰" : words.toggle;
    toggle.setAttribute("aria-label", part && part.number ? say(words.toggle_at, { n: part.number, total }) : words.title);
    toggle.title = toggle.getAttribute("aria-label");
  };
  let frame = null;
  const onScroll = () => { if (frame === null) frame = requestAnimationFrame(() => { frame = null; mark(); }); };
  document.addEventListener("scroll", onScroll, true);

  // what the device remembers, shown: parts read in the contents, practice done by a part's heading, the way back
  const openedAt = Date.now();
  const showProgress = () => {
    if (!store) { footer.hidden = true; return; }
    const read = store.read(key);
    const answers = store.answers(game, lang);
    const latest = new Map();            // item -> its latest answer, by "##" part
    for (const a of answers) latest.set(a.item, a);
    parts.forEach((part, i) => {
      // the part's quizzes, tasks and drills (tutor/widgets/lazy.py marks them), each answered right at its latest
      part.items = [...new Set(coreIn(i).map((p) => itemOf(p)).filter(Boolean))];
    });
    // a quiz, task or drill answered right on an earlier visit says so on its own box (a reader came back to a
    // solved task drawn blank and thought the work lost, stop 57): the answer itself is not kept, only that it was
    // found. (Not for this visit's answers: the widget's own verdict says that.)
    for (const [item, a] of latest) {
      if (a.time * 1000 >= openedAt || !a.right || a.shown) continue;
      for (const box of document.querySelectorAll(`.tutor-practice.${CSS.escape(itemClass(item))}`)) {
        if (!box.dataset.solved) box.dataset.solved = `✓ ${words.solved_before}`;
      }
    }
    for (const part of parts) {
      part.link.classList.toggle("tutor-part-read", read.has(part.id));
      const done = part.items.length > 0 && part.items.every((item) => {
        const a = latest.get(item);
        return a && a.right && !a.shown;
      });
      let badge = part.heading.querySelector(".tutor-part-mark");
      if (done && !badge) {
        badge = document.createElement("span");
        badge.className = "tutor-part-mark";
        badge.textContent = `★ ${words.practised}`;
        badge.title = words.practised;
        badge.setAttribute("aria-label", words.practised);
        part.heading.appendChild(badge);
      } else if (!done && badge) badge.remove();
      part.link.classList.toggle("tutor-part-practised", done);
      part.link.title = [read.has(part.id) ? `✓ ${words.read_mark}` : "", done ? `★ ${words.practised}` : ""]
        .filter(Boolean).join(" · ");
    }
    // where the learner was last (not the first part: a page opens there anyway), else the first part not read
    // once some are
    let at = parts.find((p) => p.id === arrivedFrom) || null;
    const firstUnread = parts.find((p) => !readBefore.has(p.id) && !p.fold);
    // a place whose part was read and whose quiz, task or drill was answered right is done with: on from there to
    // the part after it (a returning reader was led back to a drill they had finished). The next part in the
    // page's order, read or not: "the next part not read" sent a reader who had gone back to part 9 on to part 16
    // Within the part: the quiz, task or drill after the one answered right, if one is still to do. Never on past a
    // part with a game in it (readers who left mid-game were sent on to the quick reference).
    const rightAt = (item) => !!(latest.get(item) || {}).right;
    const atIndex = at ? parts.indexOf(at) : -1;
    const atItems = at ? [...new Set(coreIn(atIndex).map((p) => itemOf(p)).filter(Boolean))] : [];
    const nextItem = arrivedItem && rightAt(arrivedItem)
      ? atItems.slice(atItems.indexOf(arrivedItem) + 1).find((item) => !rightAt(item)) || null : null;
    const withGame = at && inPart(atIndex, "tutor-game").length > 0;
    const placeDone = at && !withGame && readBefore.has(at.id) && (!arrivedItem || (rightAt(arrivedItem) && !nextItem));
    if (placeDone) at = parts.slice(parts.indexOf(at) + 1).find((p) => !p.fold) || null;
    const resumeAt = at && at !== parts[0] ? at : (readBefore.size && firstUnread ? firstUnread : null);
    for (const link of [resume, banner]) {
      link.hidden = !resumeAt;
      if (resumeAt) {
        link.href = `#${resumeAt.id}`;
        link.textContent = say(words.continue, { part: resumeAt.title });
        // to the very quiz, task or drill the learner was at, not the top of its part
        const item = nextItem || arrivedItem;
        if (resumeAt === at && item && !placeDone) link.dataset.item = item; else delete link.dataset.item;
      }
    }
    const skipped = resumeAt && firstUnread && firstUnread !== resumeAt
      && parts.indexOf(firstUnread) < parts.indexOf(resumeAt) && firstUnread !== parts[0] ? firstUnread : null;
    for (const link of [resumeUnread, bannerUnread]) {
      link.hidden = !skipped;
      if (skipped) {
        link.href = `#${skipped.id}`;
        link.textContent = say(words.continue_unread, { part: skipped.title });
      }
    }
    // a chain's next step opens once the step before has been answered right (or the learner opened it)
    for (const box of document.querySelectorAll(".tutor-after")) {
      const before = itemOf(box, "tutor-after-");
      if (answers.some((a) => a.item === before && a.right)) box.classList.add("tutor-unlocked");
    }
    chainWaits();
    const firsts = answers.filter((a) => a.kind !== "example" && a.first);
    const bits = [say(words.read_of, { read: parts.filter((p) => read.has(p.id)).length, total: parts.length })];
    if (firsts.length) {
      const right = firsts.filter((a) => a.right && !a.shown).length;
      bits.push(say(words.drills_right, { pct: Math.round(100 * right / firsts.length) }));
    }
    tally.textContent = bits.join(" · ");
    // what earns each mark, said once (three readers could not tell what a ★ asks for)
    marksKey.textContent = words.marks_key || `✓ ${words.read_mark} · ★ ${words.practised}`;
    marksKey.hidden = !parts.some((p) => read.has(p.id));
    practise.hidden = practiseTop.hidden = !onPractise || !answers.length;
    // "what you missed" only once something was missed (a teacher saw it before any mistake); else "what you did"
    const missed = answers.some((a) => a.kind !== "example" && (!a.right || a.shown));
    practise.textContent = practiseTop.textContent = missed ? words.practise : (words.practise_all || words.practise);
    notSaving.hidden = store.saving;
  };
  // what the progress tools did, in sight: not under the phone's bottom bar at the sheet's end (a reader found it there)
  const tell = (said) => {
    told.textContent = said;
    requestAnimationFrame(() => told.scrollIntoView({ block: "nearest" }));
  };
  forget.addEventListener("click", () => {
    if (!window.confirm(words.forget_confirm)) return;
    store.forget();
    document.dispatchEvent(new CustomEvent("tutor-forgot"));     // the kernel puts nothing back now (page.js)
    arrivedFrom = arrivedItem = null;
    readBefore = new Set();
    tell(words.forgotten);
  });
  exportButton.addEventListener("click", () => {
    const blob = new Blob([store.exportText()], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = "tutor-progress.json";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  importButton.addEventListener("click", () => importFile.click());
  importFile.addEventListener("change", async () => {
    const file = importFile.files && importFile.files[0];
    if (!file) return;
    const text = file.size < 2_000_000 ? await file.text() : "";
    const took = store.importText(text);
    if (took) {       // the place kept in the file: "continue" leads there
      arrivedFrom = store.at(key);
      arrivedItem = store.item(key);
      readBefore = store.read(key);
    }
    tell(took ? words.imported : words.import_bad);
    importFile.value = "";
  });

  const layout = () => {
    const wide = window.innerWidth >= WIDE;
    document.body.classList.toggle("tutor-contents-wide", wide);
    document.body.classList.toggle("tutor-contents-bar", !wide && !nav.hidden);
    if (wide) close();
    fold.textContent = wide ? words.fold : words.close;
  };
  window.addEventListener("resize", layout);

  const build = () => {
    const found = scan();
    if (found.length === parts.length && found.every((p, i) => p.anchor === parts[i].anchor)) {
      // no new part, but new cells (a Voilà page's outputs arrive one by one): a folded part folds them too, and
      // the progress is said again, now that more of the parts' quizzes, tasks and drills are on the page (the
      // static site runs its cells after the page shows: "continue" judged a part by the few it had then)
      parts.forEach((part, i) => { if (part.fold && part.folded) setFolded(i, true); });
      showProgress();
      return;
    }
    const folded = new Map(parts.map((p) => [p.id, p.folded]));
    for (const p of parts) {
      if (p.next) p.next.remove();
      if (p.opener) p.opener.remove();
    }
    for (const el of document.querySelectorAll(".tutor-folded")) el.classList.remove("tutor-folded");
    parts = found;
    list.textContent = "";
    nav.hidden = parts.length < 2;
    layout();
    parts.forEach((part, i) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `#${part.id}`;
      link.textContent = part.title;
      item.appendChild(link);
      list.appendChild(item);
      part.link = link;
      if (i > 0) {
        // the way on, at the end of the part before: in this part's first cell, just above its anchor
        const next = document.createElement("a");
        next.className = "tutor-next-part";
        next.href = `#${part.id}`;
        next.textContent = words.next.replace("{part}", part.title);
        part.holder.before(next);
        part.next = next;
      }
      if (part.fold) {
        const opener = document.createElement("button");
        opener.type = "button";
        opener.className = "tutor-fold-opener";
        opener.addEventListener("click", () => setFolded(i, !part.folded));
        part.heading.after(opener);
        part.opener = opener;
      }
    });
    parts.forEach((part, i) => { if (part.fold) setFolded(i, folded.has(part.id) ? folded.get(part.id) : true); });
    const title = document.querySelector("#rendered_cells h1, .jp-RenderedMarkdown h1");
    if (title && banner.parentElement !== title.parentElement) {
      // under the lesson's title and its first lines: the first thing a returning learner sees
      const intro = title.parentElement.querySelector("h1 ~ p:not(.tutor-lab-only)");
      (intro || title).after(banner);
      banner.after(bannerUnread);
      bannerUnread.after(practiseTop);
    }
    current = -2;
    mark();
    if (store && game) store.setParts(key, parts.length);
    showProgress();
    if (!build.hashDone && window.location.hash.startsWith("#part-")) {
      const target = document.getElementById(window.location.hash.slice(1));
      // held there while the parts above it are built, as a jump's is: a reload in part 15 left two readers in part
      // 14, and the address, which follows the reader, then named part 14 for the next reload
      if (target) { build.hashDone = true; unfoldAround(target); target.scrollIntoView({ block: "start" }); pin(target, 6000, 0); }
    }
  };
  let timer = null;
  const later = () => { clearTimeout(timer); timer = setTimeout(build, 200); };
  // cells arrive one by one on a Voilà page; the contents follow as parts appear
  // (a chain's boxes and the tasks in them are widgets drawn after their cell: looked at again as they come)
  let chainFrame = null;
  const watcher = new MutationObserver((records) => {
    // (no mark() here: a part built moves the headings, but marking at every change of a page being built laid the
    // page out once a frame and slowed the first board on a slow phone by half; the check each second follows it)
    if (chainFrame === null) chainFrame = requestAnimationFrame(() => { chainFrame = null; chainWaits(); });
    if (records.some((r) => [...r.addedNodes].some((n) => n.nodeType === 1 && (n.matches('a[id^="part-"], .jp-Cell')
        || (n.querySelector && n.querySelector('a[id^="part-"], .jp-Cell')))))) later();
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  layout();
  build();

  const drop = () => {
    lockPage(false);
    watcher.disconnect();
    clearTimeout(timer);
    clearInterval(reading);
    banner.remove();
    bannerUnread.remove();
    practiseTop.remove();
    for (const badge of document.querySelectorAll(".tutor-part-mark")) badge.remove();
    document.removeEventListener("scroll", onScroll, true);
    document.removeEventListener("click", onLink);
    document.removeEventListener("click", onRuling);
    document.removeEventListener("click", onUnlock);
    document.body.classList.remove("tutor-progress-on");
    window.removeEventListener("resize", layout);
    window.removeEventListener("popstate", onPop);
    for (const p of parts) { if (p.next) p.next.remove(); if (p.opener) p.opener.remove(); }
    for (const el of document.querySelectorAll(".tutor-folded")) el.classList.remove("tutor-folded");
    document.body.classList.remove("tutor-contents-wide", "tutor-contents-bar");
    nav.remove();
  };
  // a new answer or a part read shows in the next frame, once however many came together: recording one stays cheap
  let refreshing = null;
  const refresh = () => {
    if (refreshing === null && parts.length) refreshing = requestAnimationFrame(() => { refreshing = null; showProgress(); });
  };
  return { drop, refresh, game, lang, practise: startPractise };
}
