// The play table's front-end (tutor/widgets/play.py). The kernel owns the game; after every action it sends one
// `view` (board without its symbols, the game's advice for the seat to move, status, the rows of offered choices,
// log, score, control states) and this module redraws from it. A press sends {press: id, v} back; a press on a
// view the kernel has already replaced (a double click) is ignored there. Board symbols (<defs>) are asked for
// once per page. The board itself is clickable (choose.js): a click, or Enter / Space on a focused element,
// presses the choice it names, as its button would; the kernel works out what each step offers, so the board
// knows no rules.
//
// After the learner's move the others' turns play as a film over the live view (tutor/widgets/film.py): the page
// asks for one frame at a time ({want: "frame", film, i, id}); each shows the board after one move with the move
// marked, who made it and what happened; a frame that ends a trick, a round or the game holds its summary until
// "Go on". The pace (step by step, normal, fast) and the coach's switch are kept on the device (localStorage).
// The live choices wait under the film: "To my move" ends it at once.
import { button, el, haveDefs, holdBoardBox, installDefs, sendTo } from "./board.js";
import { redrawBoard, wireChoices } from "./choose.js";
import { wirePlacing } from "./placing.js";

function render({ model, el: root }) {
  root.classList.add("tutor-play", "tutor-widget");
  const labels = model.get("labels");

  const parse = (html) => {
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  };
  const lead = el("div", "tutor-lead");            // what a task asks, above its board
  // first-game tips (GameUI.tips): open until the learner folds them once (remembered on this device)
  const tips = el("details", "tutor-tips");
  const tipsKey = "tutor.tips.folded." + (labels.tips_list || "").slice(0, 60);
  const stored = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };
  const store = (key, value) => { try { localStorage.setItem(key, value); } catch (e) { /* private mode */ } };
  // The game in progress, kept on this device ("tutor.table": {"<game>/<lang>": the kernel's record of it, a seed
  // and the learner's actions, tutor.core.session.Session.resume_record): a learner who leaves the page (a call, a
  // link) finds their game again. On the first view of a fresh table the kept game is sent back to be replayed;
  // after that every view's record replaces it (a new game, an undo), and a table with nothing to keep (a loaded
  // position) forgets it. Nothing of it leaves the device but this one message to the learner's own kernel.
  const TABLE_KEY = "tutor.table";
  let resumeAsked = false;
  const keptGames = () => {
    try {
      const all = JSON.parse(localStorage.getItem(TABLE_KEY) || "{}");
      return all && typeof all === "object" && !Array.isArray(all) ? all : {};
    } catch (e) { return {}; }
  };
  const keepGame = (resume) => {
    if (!resume || typeof resume.key !== "string") return;
    if (!resumeAsked) {
      resumeAsked = true;
      const kept = keptGames()[resume.key];
      const fresh = resume.record && Array.isArray(resume.record.actions) && resume.record.actions.length === 0;
      if (fresh && kept && Array.isArray(kept.actions) && kept.actions.length) {
        sendTo(model, { want: "resume", record: kept });
        return;           // the kernel answers with a view: the game picked up, or (refused) the fresh one
      }
    }
    const all = keptGames();
    if (resume.record) all[resume.key] = resume.record; else delete all[resume.key];
    try { localStorage.setItem(TABLE_KEY, JSON.stringify(all)); } catch (e) { /* storage full: the game goes on */ }
  };
  tips.hidden = !labels.tips_list;
  if (labels.tips_list) {
    tips.append(el("summary", "", labels.tips || ""), Object.assign(el("ul"), { innerHTML: labels.tips_list }));
    // folded from the start on a projector's wide screen: open, they pushed the board the room watches half off
    // the screen (a reader, stop 48); a learner's own device opens them
    tips.open = stored(tipsKey) !== "1" && !window.matchMedia("(min-width: 1600px)").matches;
    tips.addEventListener("toggle", () => { if (!tips.open) store(tipsKey, "1"); });
  }
  const board = el("div", "tutor-svg");
  const filmBar = el("div", "tutor-film");          // the film's caption and its buttons, above the board
  filmBar.hidden = true;
  // "Next" again right under the board: the step's words and a trick's summary put the board a screen below the
  // film's buttons on a projector, and a learner went up and down for every turn (a club teacher, 2026-12-04)
  const nextBelow = button(labels["film.next"] || "", "", "tutor-film-next-below");
  nextBelow.classList.add("tutor-style-info");
  const filmBelow = el("div", "tutor-nav-row tutor-film-below");
  filmBelow.append(nextBelow);
  filmBelow.hidden = true;
  const summaryBox = el("div", "tutor-summary-box");   // a trick's, round's or game's summary, under the board
  summaryBox.hidden = true;
  const panel = el("div", "tutor-panel");           // the running score (GameUI.score_panel)
  const advice = el("div", "tutor-advice-box");     // the game's help for the seat to move, under the board
  const status = el("div", "tutor-status");
  let drawnStatus = "";      // the verdict drawn last, and its view's number: a new one sticks again (settleStatus)
  let drawnStatusV = -1;
  status.setAttribute("aria-live", "polite");
  // a task's verdict is one line in the status (kept in view at the screen's edge, tutor.css); all it says besides
  // (the hint, the explanation, what decided it) lies here under it, in the page's flow, never cut short
  const statusMore = el("div", "tutor-status-more");
  statusMore.setAttribute("aria-live", "polite");
  const rows = el("div", "tutor-actions");
  const errors = el("div", "tutor-error");
  const controls = el("div", "tutor-nav-row tutor-controls");
  const undo = button(labels.undo, labels["undo.tip"], "tutor-undo");
  const again = button(labels.new, labels["new.tip"], "tutor-new");
  const seatLabel = el("label", "tutor-check");
  const hotseat = el("input");
  hotseat.type = "checkbox";
  hotseat.title = labels["hotseat.tip"];
  seatLabel.append(hotseat, document.createTextNode(" " + labels.hotseat));
  seatLabel.title = labels["hotseat.tip"];
  // the coach (the hints and the game's advice under the board) can be switched off; the choice is kept here
  const coachKey = "tutor.play.coach";
  const coachLabel = el("label", "tutor-check tutor-coach-switch");
  const coachBox = el("input");
  coachBox.type = "checkbox";
  coachBox.checked = stored(coachKey) !== "off";
  coachLabel.title = labels["coach.tip"] || "";
  coachLabel.append(coachBox, document.createTextNode(" " + (labels.coach || "")));
  // the film's pace, kept on the device
  const speedKey = "tutor.play.speed";
  const READ_AFTER_PACE_MS = 700;  // a "Next" this soon after the pace drew a frame was meant for the frame before
  const DELAY = { normal: 1200, fast: 500 };       // ms a frame stays before the next (step by step: until "Next")
  const paceLabel = el("label", "tutor-pick tutor-pace", (labels["film.speed"] || "") + " ");
  const pace = el("select");
  // "off": the others' turns are not played by themselves (an experienced player's choice; ↺ still shows them)
  for (const k of ["step", "normal", "fast", "off"]) {
    const o = el("option", "", labels["film.speed." + k] || k);
    o.value = k;
    pace.append(o);
  }
  pace.value = ["step", "normal", "fast", "off"].includes(stored(speedKey)) ? stored(speedKey) : "normal";
  paceLabel.append(pace);
  const undoNote = el("span", "tutor-undo-note");    // why Undo is off, in words (a phone shows no tooltip)
  // how many sit at the table: a new game for that many (the game's own range; none for a task's set position)
  const playersLabel = el("label", "tutor-pick tutor-players", (labels.players_pick || "") + " ");
  const playersPick = el("select");
  for (const n of labels.players_range || []) {
    const o = el("option", "", String(n));
    o.value = String(n);
    playersPick.append(o);
  }
  playersLabel.append(playersPick);
  playersLabel.hidden = (labels.players_range || []).length < 2;
  playersPick.addEventListener("change", () => {
    releaseHeight();
    boardBox = null;
    press("players", { value: Number(playersPick.value) });
  });
  controls.append(undo, undoNote, again, playersLabel, seatLabel, coachLabel, paceLabel);
  const score = el("div", "tutor-score");
  const log = el("div", "tutor-log");
  log.setAttribute("aria-live", "polite");
  const saving = el("details", "tutor-saving");
  const summary = el("summary", "", labels.saved_box);
  const box = el("textarea", "tutor-saved");
  box.placeholder = labels.saved_box;
  box.rows = 4;
  const save = button(labels.save, labels["save.tip"], "tutor-save");
  const load = button(labels.load, labels["load.tip"], "tutor-load");
  const saveRow = el("div", "tutor-nav-row");
  saveRow.append(save, load);
  const share = button(labels.share || "", labels["share.tip"] || "", "tutor-share");
  const shared = el("input", "tutor-shared-link");   // the link made, to copy by hand if the clipboard says no
  shared.readOnly = true;
  shared.hidden = true;
  saving.append(summary, box, saveRow);
  // A phone's turn bar: one line at the screen's bottom edge (tutor.css) saying whose move it is, with a button to the
  // moves, while the learner looks at the board's top and everything under the board is below the screen. The moves
  // themselves stay in the page's flow: stuck to the screen's edge, a quarter of the screen of them covered the
  // placing buttons, the red "why not" and the opponents, and was cut short itself.
  const turnBar = el("div", "tutor-turn-bar");
  const turnText = el("span", "tutor-turn-text");
  const toMoves = button(labels.to_moves || "↓", "", "tutor-to-moves");
  toMoves.addEventListener("click", () => {
    // a film waiting on its summary (above the board): the bar's button is its "Go on"; else it leads to the moves
    if (filming !== null && filming.frame && filming.frame.wait) {
      next.click();
      return;
    }
    const target = board.nextElementSibling || rows;
    target.scrollIntoView({ block: "start", behavior: "smooth" });
  });
  turnBar.append(turnText, toMoves);
  // while a film waits on its summary, the bar's words ("the summary, above the board ↑") take the learner there
  turnText.addEventListener("click", () => {
    if (turnText.classList.contains("tutor-turn-link") && !summaryBox.hidden) {
      summaryBox.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  });
  turnBar.hidden = true;
  // after a film: see the others' turns again; once the game is over: replay it from the start
  const againRow = el("div", "tutor-nav-row tutor-film-again");
  const seeAgain = button(labels["film.again"] || "", "", "tutor-see-again");
  const replay = button(labels["film.replay"] || "", "", "tutor-replay");
  againRow.append(seeAgain, replay, share, shared);
  // a summary sits right under the board it sums up: the board first (the cards turned up, the trick as it lay),
  // then what it came to, with "Go on" at the turn bar (above the board, a round's summary filled a projector and a
  // phone's screen at the very moment the room wanted the table, and the reveal was never seen on the board: two
  // readers, stop 52)
  // ... and the choices come right under the board, their hints under them, the running score after: a projector
  // showed the score, its key, the hints and only then the moves, 680 px under the board (a reader scrolled up and
  // down twice a round)
  root.append(lead, tips, filmBar, board, summaryBox, filmBelow, status, statusMore, rows, advice, panel, againRow,
              turnBar, errors, controls, score, log, saving);

  let busyTimer = null;
  const notBusy = () => { clearTimeout(busyTimer); root.classList.remove("tutor-busy"); };
  let pageError = null;     // a refusal the page made itself (a paste too long to send); the next press clears it
  // a card chosen from the buttons under the board, its cell still to tap: the board comes into view (on a phone the
  // buttons lay 900 px under it, and a reader scrolled up to find where the card could go)
  let fromRows = false;
  let wasStepping = false;          // the view before this one had a choice under way (view.stepping)
  rows.addEventListener("click", () => { fromRows = true; fromPlacingRows = true; }, true);
  let fromPlacingRows = false;      // the same, kept until the view that starts a placing (fromRows ends sooner)
  let pressedAt = null;             // a move pressed under the board: its words and where it was on the screen
  const pageBox = () => scrollerOf(root);
  const press = (id, extra) => {
    // the first-game tips fold away once the game is under way (and stay folded on this device); the board stays
    // where it was on the screen (the tips above it went, and the cards just drawn jumped 450 px up, a reader)
    if (tips.open && id !== "new" && id !== "hotseat") {
      const before = board.getBoundingClientRect().top;
      tips.open = false;
      store(tipsKey, "1");
      const moved = board.getBoundingClientRect().top - before;
      if (moved < -1) pageBox().scrollBy(0, moved);
    }
    if (pageError !== null) {
      pageError = null;
      drawError();
    }
    sendTo(model, { press: id, v: model.get("view").v, ...(extra || {}) });
    // until the kernel answers, what is on screen is the position before the press: its hints and choices fade
    // (a loaded server took seconds, and a reader took the last turn's hint for the new turn's)
    root.classList.add("tutor-busy");
    clearTimeout(busyTimer);
    busyTimer = setTimeout(notBusy, 10000);
  };
  // the table never gets shorter under the reader (a verdict gone after "Try again", a shorter log after Undo):
  // the page below would jump up, or the browser scroll back; a new game or a resized window starts afresh
  let tallest = 0;
  let judged = "";           // a task's verdict on screen ("missed", "refused"; not "done"): "Try again" takes it back
  const holdHeight = () => {
    const h = root.getBoundingClientRect().height;
    if (h > tallest) {
      tallest = h;
      root.style.minHeight = `${Math.ceil(h)}px`;
    }
  };
  const releaseHeight = () => { tallest = 0; root.style.minHeight = ""; };
  // the board keeps its scale as the game goes on: it may grow, never shrink and grow back (board.js)
  let boardBox = null;
  window.addEventListener("resize", releaseHeight);
  // it grows after a draw too (the board's symbols arrive, text wraps): measured whenever its size changes
  const sizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(holdHeight);
  if (sizes) sizes.observe(root);
  // after Undo the move to make again is on the board: it is brought into view (a reader was left at the log under
  // it, the placing controls a screen above)
  let undone = false;
  undo.addEventListener("click", () => { undone = true; press("undo"); });
  // a tap on the grey Undo says why it is off, beside it: a phone shows no tooltip, and a disabled button gets no
  // click (its pointer events still come)
  controls.addEventListener("pointerup", (event) => {
    if (!undo.disabled || !(event.target instanceof Element) || !event.target.closest(".tutor-undo")) return;
    undoNote.textContent = undo.title;
    undoNote.hidden = false;
  });
  // "New game" next to Undo threw a game away at one tap (a reader, stop 45): in a game under way the first tap
  // asks, in the button's own words, and a second tap within a few seconds deals
  let newAsked = null;
  const newUnasked = () => {
    clearTimeout(newAsked);
    newAsked = null;
    again.textContent = labels.new;
    again.classList.remove("tutor-confirm");
  };
  again.addEventListener("click", () => {
    if (newAsked === null && (model.get("view") || {}).under_way) {
      again.textContent = labels["new.sure"];
      again.classList.add("tutor-confirm");
      newAsked = setTimeout(newUnasked, 5000);
      return;
    }
    newUnasked();
    releaseHeight();
    boardBox = null;
    press("new");
  });
  // the box shows the kernel's saved text again (a refused paste may still be in it), new text replaces it
  save.addEventListener("click", () => { box.value = model.get("saved"); press("save"); });
  load.addEventListener("click", () => {
    // a paste longer than any position (the kernel's own limit, in UTF-8 bytes) is refused here, in the
    // kernel's words: megabytes sent over the websocket keep the kernel busy, and past the server's message
    // limit (10 MiB) the server drops the page's whole connection without a word
    const text = box.value;
    const limit = model.get("max_saved");
    if (limit && text.length * 3 > limit && new TextEncoder().encode(text).length > limit) {
      pageError = labels.too_long;
      drawError();
      return;
    }
    press("load", { text });
  });
  hotseat.addEventListener("change", () => press("hotseat", { value: hotseat.checked }));
  // a game whose board choice can never be taken back (GameUI.confirm_board: Мяури's dive card) takes a second tap
  // on the same element from a finger: the first marks it and says so (a reader laid their 12 with a tap meant for
  // looking at the board). A mouse click and Enter are deliberate and press at once.
  let armed = null;
  // when the others' turns last ended, and where the film's "Next" buttons were then: a tap there just after was meant
  // for "Next" (quick taps on it, or one as the film ended by itself), not for what came up in its place
  let filmEndedAt = 0;
  let nextWasAt = [];
  const strayTap = (event) => Date.now() - filmEndedAt < 700 && !!event && typeof event.clientX === "number"
    && nextWasAt.some((r) => event.clientX >= r.left && event.clientX <= r.right
                             && event.clientY >= r.top && event.clientY <= r.bottom);
  const armNote = el("div", "tutor-arm-note");
  armNote.setAttribute("role", "status");
  armNote.hidden = true;
  const disarm = () => {
    armed = null;
    armNote.hidden = true;
    for (const e of board.querySelectorAll(".tutor-armed")) e.classList.remove("tutor-armed");
  };
  wireChoices(board, (id, hit, event) => {
    // a tap just after the others' turns ended was meant for the film's "Next" that stood there (on a phone it rides
    // over the board's foot): it is not a move (a reader's tap chose a card, another's was refused)
    if (strayTap(event)) return;
    const v = model.get("view") || {};
    const key = hit ? hit.getAttribute("data-key") : null;
    // (not a "not now" one: its tap plays nothing, it is answered with the rule that bars it at once; armed, it said
    // "Tap it again to make this move" over a move that cannot be made)
    const barred = !!(hit && (hit.closest("[data-choice]") || hit).querySelector(".choice-ring.unavailable"));
    const confirms = !barred && (v.confirm_board === true
                                 || (Array.isArray(v.confirm_board) && v.confirm_board.includes(key)));
    if (confirms && event && event.pointerType === "touch" && key !== armed) {
      disarm();
      armed = key;
      hit.classList.add("tutor-armed");
      armNote.textContent = labels["board.confirm"] || "";
      armNote.classList.remove("tutor-arm-note-top");
      armNote.hidden = false;
      // the words stick to the screen's bottom edge; over a card near that edge they go to its top instead. The card
      // stays under the finger: brought up to the middle, it moved 330 px between the two taps and the second one
      // landed on another player's panel (a reader, stop 50)
      // ... and so they do over any other card offered (Мяури's hand of two rows: the second, 7 to 12, lay under them
      // and a learner who wished to switch to a high card could not see it, a reader of wave 19)
      const words = armNote.getBoundingClientRect();
      const under = [...board.querySelectorAll("[data-choice]")].map((c) => c.getBoundingClientRect())
        .some((r) => r.height > 0 && r.bottom > words.top - 4 && r.top < words.bottom);
      if (under) armNote.classList.add("tutor-arm-note-top");
      return;
    }
    disarm();
    press(id);
  });
  // a tap on the board while a film waits on its summary: the board is the film's, not the learner's to play on; its
  // "Go on" is brought to hand and flashes (a reader tapped their hand after their own attack: nothing answered, and
  // "Go on" lay above the screen)
  board.addEventListener("click", () => {
    if (filming === null || !filming.frame || !filming.frame.wait) return;
    readingUp = false;
    showTurnBar();
    const onScreen = (b) => { const r = b.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; };
    let goOn = [toMoves, nextBelow, next].find((b) => !b.closest("[hidden]") && onScreen(b));
    if (!goOn) {
      goOn = nextBelow;
      ownScroll = Date.now() + 800;
      nextBelow.scrollIntoView({ block: "center" });
    }
    goOn.classList.remove("tutor-nudge");
    void goOn.offsetWidth;          // (the animation again on a second tap)
    goOn.classList.add("tutor-nudge");
  });
  // a tap on the board beside what it offers, while a choice is under way (a card chosen, its cell to tap): said in
  // words (Aqua Fest: a tap on a cell the card cannot reach did nothing, and a reader could not tell a miss from a
  // refusal)
  // what the learner tapped on the board last, by its choice's key: a task's verdict stuck to the screen's foot lay
  // over the very card it judged (a reader, stop 57; see keepTappedClear)
  // ... and whether the last press was under the board (placeError: its refusal is said there)
  let tappedKey = null;
  let pressedInRows = false;
  board.addEventListener("click", (event) => {
    const hit = event.target instanceof Element ? event.target.closest("[data-choice]") : null;
    tappedKey = hit ? hit.getAttribute("data-choice") : null;
    pressedInRows = false;
  }, true);
  // (a move pressed under the board is no board tap: the verdict is then kept off what the move changed)
  rows.addEventListener("click", () => { tappedKey = null; pressedInRows = true; }, true);
  // the span, top to bottom on the screen, of what on the board matches `selector` and is drawn; null for none
  const spanOn = (selector) => {
    const boxes = [...board.querySelectorAll(selector)].map((m) => m.getBoundingClientRect())
      .filter((r) => r.height > 0);
    if (!boxes.length) return null;
    const top = Math.min(...boxes.map((r) => r.top)), bottom = Math.max(...boxes.map((r) => r.bottom));
    return { top, bottom, height: bottom - top };
  };
  // what the last move changed on the board (its event marks); the board's choices (what may be tapped now)
  const markSpan = () => spanOn(".event[data-target]");
  const choiceSpan = () => spanOn("[data-choice]");
  board.addEventListener("click", (event) => {
    const v = model.get("view") || {};
    if (v.placing || filming !== null || !(event.target instanceof Element)) return;
    if (strayTap(event)) return;
    if (event.target.closest("[data-choice]") || !event.target.closest("svg")) return;
    if (!v.stepping) {
      // nothing chosen yet, on a board that offers a first step: say what comes first (a reader tapped the fragment
      // they wanted before any card, and nothing answered)
      // (a note, not a refusal: nothing was refused, and a red alarm for a harmless tap put a reader off, stop 59)
      if (!board.querySelector("[data-choice]") || !labels["board.first_step"]) return;
      armNote.textContent = labels["board.first_step"];
      armNote.classList.remove("tutor-arm-note-top");
      armNote.hidden = false;
      return;
    }
    // a game may say why that very place is refused (Aqua Fest: the engine's reason for the cell tapped)
    // the cell under the finger, also when a mark drawn over it took the tap (Aqua Fest: a move's path line over the
    // cell it crosses; a reader was told only "not one of the marked places")
    const place = event.target.closest("[data-cell]") || document.elementsFromPoint(event.clientX, event.clientY)
      .map((e) => e.closest && e.closest("[data-cell]")).find((e) => e && board.contains(e));
    const said = place && (v.rows || []).flat().map((part) => (part.refusals || {})[`cell:${place.dataset.cell}`])
      .find(Boolean);
    pageError = said || labels["board.not_offered"] || "";
    drawError();
  });
  // a piece placed by pointing at the board (GameUI.placing): its preview lives in the page
  const updatePlacing = wirePlacing(board, (value) => {
    const p = (model.get("view") || {}).placing;
    if (p) press(p.id, { value });
  });
  let drawnPlacing = null;
  // the bar shows while what follows the board (the placing buttons, the moves) is below the screen: it then covers
  // only the board's bottom edge, and goes as soon as the controls under the board come into view
  const underBoard = el("div", "tutor-under-board");
  board.after(underBoard);
  // a refusal is said right under the board the learner tapped, before the placing buttons and the moves: in the
  // page's flow there, it covers nothing (tutor.css sticks it to the screen's edge only when that place is off screen)
  underBoard.after(errors);
  errors.after(armNote);
  // ... and a refusal of a move pressed under the board ("Not now"), under the moves, where the finger is: under the
  // board its place lay above the screen for a press low down, and it stuck over the first move at the screen's top
  // (a reader of wave 23)
  const placeError = () => {
    const after = pressedInRows && onPhone() ? rows : underBoard;
    if (after.nextElementSibling !== errors) after.after(errors);
  };
  let below = false, boardSeen = false;
  // (never over a film: its own bar says whose move is shown; nor before the board is on the screen: over the
  // table's tips, read above the board, it hid two lines of them from a phone reader)
  // (during a film only while a frame waits on its summary, with "Go on" under a tall board: the table said "your
  // move" and nothing answered a tap until "Go on", a screen below, was found — a reader)
  // On a phone it rides only once the board's foot is on the screen: over the board it lay across the very cells and
  // seats a learner chooses from, by tapping the board (Мяури's deep cell and Kiti, a reader, stop 56); while the
  // board fills the screen, the board is where the move is made. A frame waiting on its summary keeps its "Go on".
  const overBoard = () => {
    if (!onPhone()) return false;
    const box = board.getBoundingClientRect();
    const foot = screenFoot(root) - 64;
    return box.top < foot && box.bottom > foot + 8;
  };
  const showTurnBar = () => {
    const waiting = filming !== null && filming.frame && filming.frame.wait;
    if (waiting && onPhone()) {
      // one "Go on" at hand on a phone while a frame waits on its summary: the bar's at the screen's foot, as long as
      // the one under the summary is off the screen (the film's bar shows none then, tutor.css: three on one screen
      // did not say what each did, a reader of wave 18); and not while the learner reads the lesson above the table
      const r = nextBelow.getBoundingClientRect(), box = root.getBoundingClientRect();
      const away = r.height > 0 && (r.top > screenFoot(root) - 8 || r.bottom < 0);
      turnBar.hidden = !(away && turnText.textContent && box.bottom > 0 && board.getBoundingClientRect().top < innerHeight);
      return;
    }
    // (nor while a refusal is shown: both stuck to the screen's foot, "Now the second tap" lay over the refusal's
    // reason and cut it mid-sentence, a reader)
    turnBar.hidden = !(below && boardSeen && turnText.textContent) || (filming !== null && !waiting)
      || (readingUp && !waiting) || (!waiting && overBoard()) || (!waiting && errors.firstChild !== null);
  };
  // ... and the note of a second tap to make ("Now the second tap: …") steps aside for the refusal of that tap (both
  // stuck to the screen's foot, it cut the reason mid-sentence, a reader); it comes back once the refusal is put away
  let noteHeld = false;
  const watchErrors = typeof MutationObserver === "undefined" ? null : new MutationObserver(() => {
    showTurnBar();
    if (errors.firstChild && !armNote.hidden) {
      armNote.hidden = true;
      noteHeld = true;
    } else if (!errors.firstChild && noteHeld) {
      noteHeld = false;
      if ((model.get("view") || {}).stepping && filming === null) armNote.hidden = false;
    }
  });
  if (watchErrors) watchErrors.observe(errors, { childList: true });
  // A learner scrolling back up is reading the board: the bar at the screen's foot lay over the rows they went
  // back for (the hand in Aqua Fest, the boat in Острів котів: two readers). It goes while they scroll up and comes
  // back when they scroll down, towards the moves it leads to.
  // (the page's scroller: Voilà scrolls a box of its own, not the window; a box inside the table, the log, is not it)
  let readingUp = false;
  let lastY = null;
  let ownScroll = 0;            // until then the page is scrolling itself (the board brought into view): no reader
  const onPageScroll = (event) => {
    const scroller = event.target === document ? document.scrollingElement : event.target;
    if (!(scroller instanceof Element) || !scroller.contains(root)) return;
    const y = scroller.scrollTop;
    if (Date.now() < ownScroll) { lastY = y; showTurnBar(); return; }
    if (lastY === null || Math.abs(y - lastY) >= 6) {
      const up = lastY !== null && y < lastY;
      lastY = y;
      if (up !== readingUp) readingUp = up;
    }
    showTurnBar();
  };
  window.addEventListener("scroll", onPageScroll, { passive: true, capture: true });
  const watchBelow = typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.target === board) boardSeen = e.isIntersecting;
      else below = !e.isIntersecting && e.boundingClientRect.top > (e.rootBounds ? e.rootBounds.bottom : innerHeight);
    }
    showTurnBar();
  });
  if (watchBelow) { watchBelow.observe(underBoard); watchBelow.observe(board); }

  const choiceButton = (c) => {
    const b = button(c.label, c.tip, ["tutor-choice", ...(c.classes || [])].join(" "));
    if (c.style) b.classList.add("tutor-style-" + c.style);
    // a picture beside the words (GameUI.action_icon: the kernel's own SVG, drawn from the game's data)
    if (c.icon) b.insertAdjacentHTML("afterbegin", c.icon);
    b.dataset.choice = c.id;
    // (not a tap meant for the film's "Next" that stood there a moment ago: Острів котів' "Take the … cat" came up
    // where it had been, and quick taps on Next took a tile the reader never chose)
    b.addEventListener("click", (event) => {
      if (strayTap(event)) return;
      pressedAt = { words: b.textContent, top: b.getBoundingClientRect().top, at: Date.now() };
      press(c.id);
    });
    return b;
  };
  const picker = (p) => {
    const label = el("label", "tutor-pick", p.label + " ");
    const select = el("select");
    select.dataset.choice = p.id;
    for (const [text, value] of p.options) {
      const option = el("option", "", text);
      option.value = JSON.stringify(value);
      // a list value may be an array (a place [o, x, y]): compared by its JSON, not by identity, so
      // the list shows the option chosen (it jumped back to the first one while the chosen one was placed)
      option.selected = option.value === JSON.stringify(p.value);
      select.append(option);
    }
    select.addEventListener("change", () => press(p.id, { value: JSON.parse(select.value) }));
    label.append(select);
    return label;
  };
  const drawRows = (groups) => {
    // keep the keyboard where it was: the choice with the same id, else the first one of the new rows
    const focused = root.contains(document.activeElement) && rows.contains(document.activeElement)
      ? document.activeElement.dataset.choice : null;
    const out = [];
    // a group with a {fold: words} part is folded under those words (a fallback a pointer rarely needs), and stays
    // open across redraws once the learner opened it
    const opened = new Set([...rows.querySelectorAll("details.tutor-fold[open]")].map((d) => d.dataset.fold));
    for (const group of groups) {
      const fold = group.find((part) => part.fold !== undefined);
      const g = el(fold ? "details" : "div", "tutor-choice-group" + (fold ? " tutor-fold" : ""));
      if (fold) {
        g.dataset.fold = fold.fold;
        g.append(el("summary", "", fold.fold));
        if (opened.has(fold.fold)) g.open = true;
      }
      for (const part of group) {
        if (part.caption !== undefined) g.append(Object.assign(el("div", "tutor-picker-caption"), { innerHTML: part.caption }));
        if (part.choices) {
          const row = el("div", "tutor-choice-row");
          row.append(...part.choices.map(choiceButton));
          if (part.pick) row.append(picker(part.pick));     // the pick that says where its row's choice goes
          g.append(row);
        } else if (part.pick) g.append(picker(part.pick));
      }
      out.push(g);
    }
    rows.replaceChildren(...out);
    // whose move it is (the first group's caption), for the phone's turn bar; none: no bar (a task keeps its own)
    const caption = rows.querySelector(".tutor-picker-caption");
    turnText.textContent = caption && !root.classList.contains("tutor-your-turn") ? caption.textContent : "";
    toMoves.textContent = labels.to_moves || "↓";
    showTurnBar();
    if (focused !== null && focused !== undefined) {
      const target = rows.querySelector(`[data-choice="${CSS.escape(focused)}"]`) || rows.querySelector("[data-choice]");
      // (without moving the page: a card pressed under the board kept the focus while its cell was tapped on the
      // board, and the next view's focus brought the moves up over the board the learner had just played on, at every
      // move of Aqua Fest's table on a phone, a reader, stop 60)
      if (target) target.focus({ preventScroll: true });
    }
  };

  // ---- the film: frames asked for one at a time, drawn over the live view
  let filming = null;          // {kind, i, n, id, frame}
  let playedFilm = 0;          // the id of the last turns film started (each plays once by itself)
  let timer = null;
  const filmCaption = el("span", "tutor-film-caption");
  filmCaption.setAttribute("aria-live", "polite");
  const back = button(labels["film.back"] || "", "", "tutor-film-back");
  const next = button(labels["film.next"] || "", "", "tutor-film-next");
  const skip = button(labels["film.skip"] || "", "", "tutor-film-skip");
  // what the step did, in words, right under its board with "Next" (above it, it lay a screen away from the board a
  // phone learner was looking at: a reader saw the bots' moves happen with no word of them in sight)
  const filmSaid = el("div", "tutor-film-said");
  const filmButtons = el("span", "tutor-film-buttons");
  filmButtons.append(back, next, skip);
  filmBar.append(filmCaption, filmButtons);
  filmBelow.prepend(filmSaid);
  nextBelow.addEventListener("click", () => next.click());
  const ask = () => {
    filming.askedAt = Date.now();
    sendTo(model, { want: "frame", film: filming.kind, i: filming.i, id: filming.id });
  };
  const stopTimer = () => { if (timer !== null) { clearTimeout(timer); timer = null; } };
  const startFilm = (kind, at = 0) => {
    const info = (model.get("view") || {}).film;
    if (!info || !info[kind]) return;
    stopTimer();
    // where the learner's focus was (a card chosen with Enter on the board, a move's button): the film's "Go on"
    // takes it while the film waits, and it comes back there when the film ends, so a keyboard never loses its place
    const active = document.activeElement;
    const from = active && board.contains(active) ? "board" : active && rows.contains(active) ? "rows" : null;
    filming = { kind, i: at, n: info[kind], id: info.id, frame: null, held: at > 0, from };
    skip.textContent = kind === "game" ? labels["film.skip_game"] : labels["film.skip"];
    ask();
  };
  const endFilm = () => {
    stopTimer();
    if (filming === null) return;
    filmEndedAt = Date.now();
    nextWasAt = [next, nextBelow].map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0);
    const active = document.activeElement;
    const from = filmBar.contains(active) || filmBelow.contains(active) || (active === document.body && filming.from)
      ? filming.from || "rows" : null;
    filming = null;
    drawnBoard = null;
    // the film's frames (a round's summary, a long log) held the table at their height: the live view under them is
    // shorter, and a screen of white was left under the table after a round (a reader); it is measured afresh
    releaseHeight();
    const before = board.getBoundingClientRect();
    draw();
    // the film's bar and a round's summary above the board are gone: the page shrank above the learner, and "Go on"
    // under the board left the new round's board above the screen (two readers, stop 50). The board is put back
    // where it was on the screen.
    const after = board.getBoundingClientRect().top;
    // ... on a phone the learner's move begins with the board at the screen's top, their hand under it, as the film's
    // first frame does: "Next" pressed in the film's bar over the board left the part's heading and its intro on the
    // screen and the hand below it (a reader, at each of their turns), and "Go on" under a round's summary left the
    // new round's lagoon a screen above the cards to play (another)
    if (onPhone() && (after > 60 || after < -40)) {
      ownScroll = Date.now() + 800;
      board.scrollIntoView({ block: "start" });
    }
    else if (before.bottom > 0 && after < before.top - 40 && after < 0) pageBox().scrollBy(0, after - before.top);
    // ... and a round's summary, under the board, read down to its end and "Go on" pressed there: the summary went,
    // and the new round's board lay a screen and more above (a test's reader): the board comes back to the top
    else if (board.getBoundingClientRect().bottom < 80) {
      ownScroll = Date.now() + 800;
      board.scrollIntoView({ block: "start" });
    }
    if (from) {
      const onBoard = from === "board" && board.querySelector("[data-choice]:not(:has(.choice-ring.unavailable))");
      (onBoard || rows.querySelector("[data-choice]") || seeAgain).focus({ preventScroll: true });
    }
  };
  const step = (by) => {
    if (filming === null) return;
    stopTimer();
    const to = filming.i + by;
    if (to < 0) return;
    if (to >= filming.n) { endFilm(); return; }
    filming.i = to;
    ask();
  };
  // going back holds the film where the learner is: the pace would carry it forward again at once
  back.addEventListener("click", () => { if (filming) filming.held = true; step(-1); });
  // with the pace "off" only the summaries are shown: "Go on" goes to the next one, or ends the film
  next.addEventListener("click", () => {
    if (pace.value === "off" && filming && filming.kind === "turns") skip.click();
    // the pace has just asked for the next frame and it is on its way: that frame is this tap's (a tap as the film
    // went on by itself jumped from step 8 to 10, and step 9 was never seen, a reader)
    // (for a moment: a frame that never comes does not hold the film)
    else if (filming && filming.frame && filming.frame.i !== filming.i && Date.now() - filming.askedAt < 3000) return;
    // ... or it has just come: a tap aimed at the frame before lands on it a moment after it is drawn, and skipped it
    // unread (a bonus used by player 3 never seen, a pearl then on their pile from nowhere, a reader, stop 55)
    else if (filming && filming.autoDrawnAt && Date.now() - filming.autoDrawnAt < READ_AFTER_PACE_MS) return;
    else step(1);
  });
  // "skip" goes on to the next frame that sums something up (a trick, a round, the game), else ends the film
  skip.addEventListener("click", () => {
    if (filming === null) return;
    // a whole game's replay: "to the end" is its last frame (stopping at each summary, it took 30 presses)
    const waits = filming.kind === "game" ? [filming.n - 1]
      : (((model.get("view") || {}).film || {}).waits || {})[filming.kind] || [];
    const to = waits.find((w) => w > filming.i);
    if (to === undefined) { endFilm(); return; }
    stopTimer();
    filming.held = true;
    filming.i = to;
    ask();
  });
  seeAgain.addEventListener("click", () => startFilm("turns"));
  share.addEventListener("click", () => press("share"));
  // a shared link opens here: the first play table of the page loads its position as a pasted one (the kernel
  // checks it; a malformed one is refused in words and the table keeps its fresh game)
  if (window.location.hash.startsWith("#play=") && !window.__tutorSharedTaken
      && !root.classList.contains("tutor-your-turn")) {
    window.__tutorSharedTaken = true;
    let text = null;
    try {
      const b64 = window.location.hash.slice(6).replace(/-/g, "+").replace(/_/g, "/");
      const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - b64.length % 4) % 4)), (c) => c.charCodeAt(0));
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      text = window.location.hash.slice(6);     // not base64: the kernel says what is wrong with it
    }
    setTimeout(() => {
      press("load", { text, link: true });
      root.scrollIntoView({ block: "start" });
    }, 0);
  }
  replay.addEventListener("click", () => startFilm("game"));
  // a panel opened while the others' turns play (the rounds so far, the log): the film waits while it is read, and
  // goes on once it is closed (a reader found the replay two steps on after reading the rounds so far, wave 21)
  root.addEventListener("toggle", (event) => {
    const d = event.target;
    if (!filming || !d || d.tagName !== "DETAILS") return;
    if (d.open) { filming.reading = true; stopTimer(); } else if (filming.reading) { filming.reading = false; schedule(); }
  }, true);
  pace.addEventListener("change", () => { store(speedKey, pace.value); if (filming && filming.frame) schedule(); });
  coachBox.addEventListener("change", () => { store(coachKey, coachBox.checked ? "on" : "off"); draw(); });
  const schedule = () => {
    stopTimer();
    const f = filming && filming.frame;
    if (!f || f.wait || filming.held || filming.reading || !DELAY[pace.value]) return;
    // each frame stays long enough to read its words too: four lines went by in 1.5 s, before a first-time player
    // had read them (two readers)
    // (the words read, not the rule each line cites: "(rule: Step 1: take a card)" doubled a short frame's time, and
    // a bot's turn at Паперові океани' table took 25-50 s, a reader)
    const said = filmSaid.cloneNode(true);
    said.querySelectorAll(".tutor-cite").forEach((cite) => cite.remove());
    const words = (said.textContent || "").split(/\s+/).filter(Boolean).length;
    const reading = words * (pace.value === "fast" ? 50 : 160);
    timer = setTimeout(() => { timer = null; step(1); if (filming) filming.auto = true; }, DELAY[pace.value] + reading);
  };
  const drawFrame = () => {
    const f = filming.frame;
    // (when the pace brought this frame: a tap on "Next" just after it is for the frame the learner had been reading)
    if (filming.auto) { filming.autoDrawnAt = Date.now(); filming.auto = false; }
    if (f.defs && !haveDefs().includes(f.defs)) sendTo(model, { want: "defs", key: f.defs });
    redrawBoard(board, parse(f.board || ""), []);
    boardBox = holdBoardBox(board, boardBox);
    drawnBoard = null;
    updatePlacing(null);
    drawnPlacing = undefined;
    filmBar.hidden = false;
    filmCaption.innerHTML = f.caption;
    filmSaid.innerHTML = f.log || "";
    // each step's words from their first line: a box left scrolled to its end showed a new step's last lines, and a
    // bot's whole move above them went by unseen (a reader, stop 60)
    filmSaid.scrollTop = 0;
    back.disabled = f.i === 0;
    // a frame that waits on its summary (a trick, a round, the game summed up) is left by "Go on" only: "To my move"
    // there went past it, and a round's summary was never seen again (two readers, stops 57 and 58)
    skip.hidden = !!f.wait && filming.kind === "turns";
    next.textContent = f.wait ? labels["film.go_on"]
      : f.back_to_move && labels["film.back_to_move"] ? labels["film.back_to_move"] : labels["film.next"];
    // beside the step's words a plain "Next" is its arrow alone (its words in its name): "Next ▶" took a third of a
    // phone's width, and the words ran two or three to a line beside it over the board (two readers, stops 57, 58)
    // ... with its word in small print under the arrow: a bare "▶" was no word to a reader of wave 23
    const plainNext = next.textContent === labels["film.next"];
    if (plainNext) {
      nextBelow.replaceChildren(el("span", "tutor-film-arrow-mark", "▶"),
                                el("span", "tutor-film-arrow-word", next.textContent.replace("▶", "").trim()));
    } else nextBelow.textContent = next.textContent;
    nextBelow.classList.toggle("tutor-film-arrow", plainNext);
    nextBelow.setAttribute("aria-label", next.textContent);
    nextBelow.title = next.textContent;
    filmBelow.hidden = false;
    const inFilm = filmBar.contains(document.activeElement) || filmBelow.contains(document.activeElement);
    // (on a phone the film's bar shows no "Go on" while a frame waits, tutor.css: the one under the summary takes it)
    if (f.wait && filming.from && !inFilm) (onPhone() ? nextBelow : next).focus({ preventScroll: true });
    next.classList.toggle("tutor-style-info", true);
    summaryBox.innerHTML = f.summary || "";
    summaryBox.hidden = !f.summary;
    panel.innerHTML = f.panel || "";
    panel.hidden = !f.panel;
    log.innerHTML = f.log ? `<h4>${filmCaption.textContent}</h4>${f.log}` : "";
    for (const part of [advice, status, statusMore, rows, againRow, score]) part.hidden = true;
    // the others' turns begin with the learner scrolled down to the moves: where the board fits the screen with the
    // step's words under it (a laptop, a projector), the board's top comes back into view once, so the piles a
    // step takes from are seen (a reader taught with the deck and discards scrolled off the top, stop 46)
    // A board taller than the screen too (a phone): its top, where the moves are drawn, over the log of words (a
    // phone reader saw the others' turns as text only, the board 700 px above, stop 50)
    // A phone's board comes to the screen's top at the film's first frame from below it as well (a reader had the
    // part's heading and its intro on the screen at every step, the board's lower rows under the words); a wide
    // screen's film bar comes to the top at each frame where it lies lower, the board under it and the step's words
    // under that (a teacher had the move and its words off the bottom of the projector at every step)
    const wide = !onPhone();
    if (!filming.shown) {
      filming.shown = true;
      const top = board.getBoundingClientRect().top;
      if (top < 0 || (!wide && top > 60)) {
        ownScroll = Date.now() + 800;
        requestAnimationFrame(() => board.scrollIntoView({ block: "start" }));
      }
    }
    if (wide && filmBar.getBoundingClientRect().top > 80) {
      ownScroll = Date.now() + 800;
      requestAnimationFrame(() => { filmBar.style.scrollMarginTop = "0px"; filmBar.scrollIntoView({ block: "start" }); });
    }
    // (a summary's own heading first, "Trick 3 of 8: Player 2 wins it ↓": the words under the board lay two screens
    // down on a phone, and a reader of wave 18 rarely went there to learn who took the trick)
    turnText.textContent = f.wait ? summaryHeading(f.summary) || labels["film.waiting"] || "" : "";
    turnText.classList.toggle("tutor-turn-link", !!f.wait);
    // a frame that sums up a trick, a round or the game waits with its summary under the board: the board comes into
    // view where it is off the screen, the summary under it (a reader scrolled 900 px up to a summary and back down
    // every round, twelve times a game); "Go on" stays at hand in the turn bar
    if (f.wait && f.summary && filming.summed !== f.i) {
      filming.summed = f.i;
      requestAnimationFrame(() => {
        const box = board.getBoundingClientRect();
        // (at once, not smoothly: a page gliding for half a second moved "Go on" from under a finger)
        if (box.bottom < 80 || box.top > innerHeight * 0.5) {
          ownScroll = Date.now() + 800;
          board.scrollIntoView({ block: "start" });
        }
      });
    }
    toMoves.textContent = f.wait ? labels["film.go_on"] || "" : labels.to_moves || "↓";
    showTurnBar();
    // ... and again once the page has laid the frame out and brought the board into view: judged before, the bar
    // stayed away with the summary's "Go on" two screens below, and the table looked frozen (a reader of wave 19)
    if (f.wait) {
      requestAnimationFrame(() => requestAnimationFrame(showTurnBar));
      setTimeout(showTurnBar, 400);
    }
    root.classList.add("tutor-filming");
    root.classList.toggle("tutor-film-waits", !!f.wait);
    holdHeight();
    if (!f.wait) requestAnimationFrame(clearOfWords);
    schedule();
  };
  // On a phone the step's words ride at the screen's foot over the board: what the step marks (its rings) is brought
  // above them, as far as it can go without leaving the screen at the top: from under the words (a reader read
  // "player 3 has laid a card face down" over the very seat that showed it, three times a round), or from off the
  // screen (Острів котів' boats keep their places, and another player's boat lies a screen lower)
  const clearOfWords = () => {
    if (filming === null || filmBelow.hidden || getComputedStyle(filmBelow).position !== "sticky") return;
    const words = filmBelow.getBoundingClientRect();
    // the step's own marks (what it changed), else the seat of the player who acted (film.py rings it); not the
    // table's standing highlights (a game's families outlined)
    const rects = (sel) => [...board.querySelectorAll(sel)].map((m) => m.getBoundingClientRect()).filter((r) => r.height > 0);
    const changed = rects(".event[data-target], .tutor-focus[data-target]");
    let marks = changed.length ? changed : rects('.highlight[data-target^="seat:"]');
    // ... with the acting player's whole place on the board (their boat, their panel) where the two fit above the
    // words together: Острів котів' other boat lay under the words while they told what was laid on it, only the
    // tile's ring above them (a reader, stop 56)
    const ring = board.querySelector('.highlight[data-target^="seat:"]');
    const seat = ring ? ring.getAttribute("data-target").slice(5) : null;
    if (changed.length && seat !== null && /^\d+$/.test(seat)) {
      const places = [...board.querySelectorAll(`[data-board-seat="${seat}"], g.panel[data-seat="${seat}"], g.seat[data-seat="${seat}"]`)]
        .map((m) => m.getBoundingClientRect()).filter((r) => r.height > 0)
        .sort((a, b) => b.width * b.height - a.width * a.height);
      if (places.length) {
        const both = changed.concat([places[0]]);
        const span = Math.max(...both.map((r) => r.bottom)) - Math.min(...both.map((r) => r.top));
        if (span <= words.top - 8 - 56) marks = both;
      }
    }
    if (words.top <= 56) return;
    // a board that fits above the words whole is shown whole, its top at the screen's top: a step's marks brought
    // just above the words left Aqua Fest's seabed cut at row 1, its lower rows and the panels under the words, the
    // step bar and the part's heading above it (a reader, stop 56)
    const whole = board.getBoundingClientRect();
    if (whole.height <= words.top - 8) {
      if (Math.abs(whole.top) > 4) {
        ownScroll = Date.now() + 800;
        pageBox().scrollBy(0, whole.top);
      }
      return;
    }
    if (!marks.length) return;
    const seen = marks.filter((r) => r.bottom > 0 && r.top < innerHeight);
    const some = seen.length ? seen : marks;
    const top = Math.min(...some.map((r) => r.top)), bottom = Math.max(...some.map((r) => r.bottom));
    const room = words.top - 8 - 56;
    // all of them above the words where they fit, else their top just under the screen's top
    const by = seen.length ? Math.min(bottom - words.top + 8, top - 56)
      : (bottom - top <= room ? bottom - (words.top - 8) : top - 56);
    if ((seen.length ? bottom > words.top : true) && Math.abs(by) > 4) {
      ownScroll = Date.now() + 800;
      pageBox().scrollBy(0, by);
    }
  };

  let drawnBoard = null;
  const draw = () => {
    notBusy();
    disarm();          // a new view: a card marked by a first tap is no longer the question
    const view = model.get("view") || {};
    keepGame(view.resume);
    // a new view ends a film it no longer belongs to (an undo, a new game); a fresh one starts by itself
    if (filming !== null && (!view.film || view.film.id !== filming.id || !view.film[filming.kind])) {
      stopTimer();
      filming = null;
      drawnBoard = null;
    }
    if (view.film && view.film.fresh && view.film.turns && view.film.id !== playedFilm) {
      playedFilm = view.film.id;
      // the pace "off" skips the others' turns, not what sums them up: a trick's, a round's or the game's summary
      // still waits for "Go on" (a reader at Мяури's table never saw a round summed up with the pace off)
      const waits = (view.film.waits || {}).turns || [];
      if (pace.value !== "off") startFilm("turns");
      else if (waits.length) startFilm("turns", waits[0]);
    }
    undo.disabled = !view.undo;
    undo.title = view.undo_tip || labels["undo.tip"];
    if (undone) {
      undone = false;
      requestAnimationFrame(() => board.scrollIntoView({ block: "start", behavior: "smooth" }));
    }
    if (fromRows && view.stepping && board.getBoundingClientRect().top < 0) {
      // (the page's own scroll up is no reader scrolling back: the turn bar keeps "tap a cell on the board")
      ownScroll = Date.now() + 1200;
      readingUp = false;
      // with the words under it that say what to tap now, where both fit the screen (above the contents bar)
      requestAnimationFrame(() => {
        const said = rows.querySelectorAll(".tutor-picker-caption");
        const words = said[1] || said[0];
        const top = board.getBoundingClientRect().top;
        const room = window.innerHeight - 64;
        const end = words ? words.getBoundingClientRect().bottom : null;
        if (end !== null && end - top <= room) pageBox().scrollBy({ top: end - room, behavior: "smooth" });
        else board.scrollIntoView({ block: "start", behavior: "smooth" });
      });
    }
    // a first step chosen on the board (a card of two to keep, a card to play): the second is said in words at the
    // screen's foot until it is made, as a finger's first tap on a card that needs two is (a reader tapped a drawn
    // card and nothing said that a discard pile was next)
    if (view.stepping && !wasStepping && !fromRows && !armed && labels["board.then"]) {
      armNote.textContent = labels["board.then"];
      armNote.classList.remove("tutor-arm-note-top");
      armNote.hidden = false;
    } else if (!view.stepping && wasStepping && !armed) armNote.hidden = true;
    // a move made with the buttons under the board, the board above the screen: what it changed there comes into view
    // (Aqua Fest's table on a phone: a card and its cell pressed under the board, the page stayed at the moves and the
    // learner never saw the fragment taken or where they stood, at every move, a reader, stop 60). The turn bar
    // leads back down to the moves.
    if (fromRows && !view.stepping && filming === null && !root.classList.contains("tutor-your-turn") && onPhone()) {
      // (a move that marks nothing but leaves a choice on the board, Паперові океани' two cards drawn to keep one of:
      // those cards, cut at the screen's top over the Keep buttons, a reader of wave 23; and whatever is cut there,
      // not only what lies wholly above the screen)
      requestAnimationFrame(() => {
        const span = filming === null ? markSpan() || choiceSpan() : null;
        if (!span || span.top >= 8) return;
        ownScroll = Date.now() + 1200;
        readingUp = false;
        pageBox().scrollBy(0, Math.round((span.top + span.bottom) / 2 - window.innerHeight * 0.4));
      });
    }
    wasStepping = !!view.stepping;
    fromRows = false;
    if (view.players) playersPick.value = String(view.players);
    // a game where Undo could never take a move back shows no Undo, only its words why (GameUI.undo)
    undo.hidden = !!view.undo_never;
    undoNote.textContent = view.undo_never || view.undo_note || "";
    undoNote.hidden = !undoNote.textContent;
    if (filming !== null) return;      // the live view waits under the film
    root.classList.remove("tutor-filming", "tutor-film-waits");
    filmBar.hidden = true;
    filmBelow.hidden = true;
    // once the game is over its summary stays in view (the final breakdown and what decided it)
    summaryBox.innerHTML = view.summary || "";
    summaryBox.hidden = !view.summary;
    panel.innerHTML = view.panel || "";
    panel.hidden = !view.panel;
    rows.hidden = false;
    status.hidden = false;
    seeAgain.hidden = !(view.film && view.film.turns);
    replay.hidden = !(view.film && view.film.game);
    share.hidden = !view.share;
    if (share.hidden) shared.hidden = true;
    againRow.hidden = seeAgain.hidden && replay.hidden && share.hidden;
    if (view.defs && !haveDefs().includes(view.defs)) sendTo(model, { want: "defs", key: view.defs });
    if (view.board !== drawnBoard) {
      // no board (all at one table, the device changing hands): the hand-over screen is a few lines, not held at the
      // height of the game before it (a reader met three screens of white under it)
      if (!view.board) releaseHeight();
      redrawBoard(board, parse(view.board || ""), view.board_next);
      // a task sends the box of every board it can show (its position and each move's outcome)
      boardBox = holdBoardBox(board, boardBox || view.board_box || null);
      drawnBoard = view.board;
      drawnPlacing = undefined;
    }
    const placingKey = view.placing ? view.placing.key + ":" + view.placing.id : null;
    if (placingKey !== drawnPlacing) {
      const started = view.placing && !drawnPlacing && fromPlacingRows;
      updatePlacing(view.placing || null);
      drawnPlacing = placingKey;
      // a tile taken from the buttons under the board: the boat it goes on comes into view (the list folded away and
      // left a reader on the score table, the boat 600 px above, stop 50)
      const boat = started ? board.querySelector(`[data-board-seat="${view.placing.seat}"]`) || board : null;
      if (boat && boat.getBoundingClientRect().top < 0) {
        ownScroll = Date.now() + 1200;
        readingUp = false;
        requestAnimationFrame(() => boat.scrollIntoView({ block: "start", behavior: "smooth" }));
      }
    }
    fromPlacingRows = false;
    lead.innerHTML = view.lead || "";
    lead.hidden = !view.lead;
    // the coach's hints first, then the game's own help (both the coach's: its switch hides them)
    advice.innerHTML = (view.coach || "") + (view.advice || "");
    advice.hidden = !(view.coach || view.advice) || !coachBox.checked;
    status.innerHTML = view.status || "";
    // a new verdict sticks to the screen's edge again (settleStatus below lets one go)
    if ((view.status || "") !== drawnStatus || (view.v || 0) !== drawnStatusV) {
      status.classList.remove("tutor-status-settled", "tutor-status-top");
    }
    drawnStatus = view.status || "";
    drawnStatusV = view.v || 0;
    if (view.resumed) status.prepend(el("p", "tutor-resumed", view.resumed));
    statusMore.innerHTML = view.status_more || "";
    statusMore.hidden = !view.status_more;
    if (view.status_more && labels.more) {
      // the line may be stuck at the screen's edge, far from the words under it: this brings them into view
      const more = button(labels.more, "", "tutor-status-more-button");
      // (below the line itself when it is stuck to the top edge: a long verdict covered the words it brought)
      more.addEventListener("click", () => {
        statusMore.style.scrollMarginTop = `${status.getBoundingClientRect().height + 8}px`;
        statusMore.scrollIntoView({ block: "start", behavior: "smooth" });
        // its words are on the screen now: the line goes back to its place, the button with it (a reader read the
        // line stuck over the words it had just brought, "more" still offered)
        status.classList.add("tutor-status-settled");
        more.remove();
      });
      status.append(more);
    }
    // (looked at again a moment later: a board still being laid out, its marks not yet drawn or moved, left the verdict
    // over the penguin just taken in a loaded CI run; a learner's own scroll meanwhile settles the verdict, and then
    // nothing moves)
    if (view.status && !status.classList.contains("tutor-status-settled")) {
      requestAnimationFrame(keepTappedClear);
      for (const ms of [300, 900]) setTimeout(() => requestAnimationFrame(keepTappedClear), ms);
    }
    drawRows(view.rows || []);
    log.innerHTML = view.log || "";
    // the newest events are at the end of a long game's log: its box opens scrolled there
    for (const events of log.querySelectorAll(".tutor-events")) events.scrollTop = events.scrollHeight;
    score.innerHTML = view.score || "";
    score.hidden = !view.score;
    // a game played to its end: the part it is in counts as read (static/contents.js; a whole game played left the
    // part unticked, a reader, stop 58)
    root.classList.toggle("tutor-game-done", !!view.score && !root.classList.contains("tutor-your-turn"));
    save.disabled = !view.save;
    save.title = view.save_tip || labels["save.tip"];
    hotseat.checked = !!view.hotseat;
    // a "your turn" task is one move on a set position: no undo, new game, hot seat or saving
    // (style, not `hidden`: the page CSS gives these rows a display of their own)
    controls.style.display = saving.style.display = view.controls === false ? "none" : "";
    root.dataset.v = String(view.v || 0);
    // a task solved: its rows of moves are gone for good, and the height they held was a blank third of a screen
    // between the verdict and the next task's words (two readers took it for the page's end)
    // ... and a task missed: its rows of moves give way to "Try again" (the height they held stood as 300 px of white
    // before the next part on a phone, a reader took it for the page's end, stop 60)
    if (/data-outcome="done"/.test(view.status || "")
        || (/data-outcome="missed"/.test(view.status || "") && judged !== "missed")) releaseHeight();
    // a task's verdict taken back ("Try again"): the move is to make again on the board, and the verdict's height
    // held under it was half a screen of white before the next part (a reader took it for a broken page). The
    // height goes and the board comes back into view if it is above the screen.
    const outcome = (/data-outcome="(\w+)"/.exec(view.status || "") || [])[1] || "";
    // (a refusal's words go when the learner picks another card on the board: there is no scrolling then)
    if (root.classList.contains("tutor-your-turn") && judged && !outcome) {
      releaseHeight();
      if (judged === "missed" && board.getBoundingClientRect().top < 0) {
        // with the task's question over it when both fit the screen: the board alone left the question above the
        // screen, and the learner trying again did not see what was asked (a reader, stop 60)
        const asked = lead.getBoundingClientRect();
        const withAsked = asked.height > 0 && board.getBoundingClientRect().top - asked.top < window.innerHeight * 0.45;
        requestAnimationFrame(() => (withAsked ? lead : board).scrollIntoView({ block: "start" }));
      }
    }
    // a verdict just given to a move made from the rows under the board (Aqua Fest's attacks): the page stayed at the
    // rows and the log, the verdict and the board above the screen (a reader never saw "Not quite", stop 53); the
    // verdict is brought to the screen's lower half, whence it rides at the edge while the learner looks up
    if (root.classList.contains("tutor-your-turn") && outcome && outcome !== judged
        && status.getBoundingClientRect().bottom < 0) {
      requestAnimationFrame(() => status.scrollIntoView({ block: "end" }));
    }
    // a task's refusal of a move pressed under the board is said above the moves, and pushed them 200-400 px down
    // under the finger: the next tap landed on another move (a reader, stop 59). The move pressed stays where it was
    // on the screen, the refusal over it.
    // (measured two frames on, after the browser's own scroll anchoring, which moved it too, and too far: up 320 px)
    if (pressedAt && outcome === "refused" && root.classList.contains("tutor-your-turn")
        && Date.now() - pressedAt.at < 8000) {
      const was = pressedAt;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const same = [...rows.querySelectorAll("[data-choice]")].find((b) => b.textContent === was.words);
        const by = same ? same.getBoundingClientRect().top - was.top : 0;
        if (Math.abs(by) > 24) pageBox().scrollBy(0, by);
        // ... and a refusal said above the screen, or partly (the move pressed far under it: Aqua Fest's "Take 2
        // cards", its verdict 550 px above the finger, a reader of wave 18) rides at the screen's top instead, until
        // the learner's next tap or scroll lets it go (its foot is where the sticky verdict rides otherwise)
        requestAnimationFrame(() => {
          if (status.getBoundingClientRect().top < -4) status.classList.add("tutor-status-top");
        });
      }));
    }
    pressedAt = null;
    judged = outcome !== "done" ? outcome : "";
    holdHeight();
  };
  let refusedAt = null;        // the preview's place when its refusal was shown (see "tutor-preview-moved" below)
  const drawError = () => {
    notBusy();
    const message = pageError || model.get("error");
    errors.replaceChildren();
    if (message) {
      const boxed = el("div", "tutor-error-box", message);
      boxed.setAttribute("role", "alert");
      // it sticks to the window's bottom edge (tutor.css) and may lie over buttons there: a click or tap on it puts
      // it away until the next refusal
      boxed.addEventListener("click", () => errors.replaceChildren());
      errors.classList.remove("tutor-error-settled");
      placeError();
      errors.append(boxed);
      refusedAt = board.dataset.preview || null;
    }
  };
  // ... and the next tap anywhere else puts it away too: stuck to the screen's edge it lay over the very buttons it
  // sent the learner to (a reader, stop 45). Seen in the capture phase, before the tap's own work, so a tap that is
  // refused again shows its new refusal.
  const putAwayError = (event) => {
    if (errors.firstChild && !errors.contains(event.target)) errors.replaceChildren();
  };
  document.addEventListener("click", putAwayError, true);
  // ... and a refusal of where a piece was placed goes once its preview has moved on or turned: it stayed beside
  // the new place's "It fits here" (a projector reader)
  board.addEventListener("tutor-preview-moved", () => {
    if (errors.firstChild && refusedAt !== null && board.dataset.preview !== refusedAt) {
      errors.replaceChildren();
      refusedAt = null;
    }
  });
  // A task's verdict, stuck to the screen's bottom edge, lay over the board the learner scrolled back to read (two
  // readers: the opponent's panel, the hand): the next tap anywhere else lets it go back to its place under the
  // board, where "more" still finds it. A new verdict sticks again.
  // A new verdict stuck to the screen's foot over the board element the learner tapped (the card the verdict is
  // about): the page moves up just enough to show that element above it, when the element still fits under the top.
  // A move pressed under the board: what it changed on the board (its marks) is what the verdict must not cover (two
  // readers: the penguin just taken, the hand, under "✗ Allowed, but…", stop 60).
  const keepTappedClear = () => {
    if (status.classList.contains("tutor-status-settled") || getComputedStyle(status).position !== "sticky") return;
    const tapped = tappedKey ? board.querySelector(`[data-choice="${CSS.escape(tappedKey)}"]`) : null;
    // (a card tapped and moved is no longer where it was tapped: what the move changed then, where the card went —
    // the verdict lay over the bonus row a card had just joined, a reader of wave 18)
    const there = tapped ? tapped.getBoundingClientRect() : null;
    const r = there && there.height > 0 ? there : markSpan();
    if (!r) return;
    const top = status.getBoundingClientRect().top;
    // (marks below the screen come up too: the card went to a row under it)
    if (r.height === 0 || r.bottom <= top - 4 || (r === there && r.top > innerHeight)) return;
    const by = Math.min(r.bottom - top + 8, r.top - 8);
    if (by > 4) pageBox().scrollBy(0, by);
    // the page could not move so far (its end: a taller verdict, a miss's hint in it, needs more room than is left
    // under the board): the verdict goes to its place under the board rather than stay over what the move changed
    requestAnimationFrame(() => {
      const again = there && there.height > 0 ? tapped.getBoundingClientRect() : markSpan();
      if (again && again.height > 0 && again.bottom > status.getBoundingClientRect().top + 4
          && again.top < innerHeight) status.classList.add("tutor-status-settled");
    });
  };
  const settleStatus = (event) => {
    if (status.firstChild && !status.contains(event.target)) status.classList.add("tutor-status-settled");
  };
  document.addEventListener("click", settleStatus, true);
  // ... and so does the learner's own scrolling (a finger or a wheel, never the page moving itself): two readers
  // scrolled to see the board under the verdict, and it followed them, over the rows the task is about (stop 48)
  // (a play table's refusal too: stuck there, it lay over the opponents' panels the learner scrolled up to look at,
  // until put away, two readers of wave 18; it stays in its place under the board)
  const settleOnScroll = () => {
    if (status.firstChild) status.classList.add("tutor-status-settled");
    if (errors.firstChild) errors.classList.add("tutor-error-settled");
  };
  for (const kind of ["touchmove", "wheel"]) document.addEventListener(kind, settleOnScroll, { passive: true });
  const drawSaved = () => { box.value = model.get("saved"); };
  const onMessage = (msg) => {
    if (msg && msg.defs) {
      installDefs(msg.defs.key, msg.defs.markup);
      drawnBoard = null;     // draw the board again so that its <use> elements find the symbols
      if (filming !== null && filming.frame) drawFrame();
      else draw();
    }
    if (msg && msg.share) {
      const link = window.location.href.split("#")[0] + "#" + msg.share;
      shared.value = link;
      shared.hidden = false;
      shared.title = labels["share.done"] || "";
      shared.select();
      if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
    }
    if (msg && msg.frame && filming !== null && msg.frame.kind === filming.kind && msg.frame.i === filming.i
        && msg.frame.film === filming.id) {
      filming.frame = msg.frame;
      drawFrame();
    }
  };
  model.on("change:view", draw);
  model.on("change:error", drawError);
  model.on("change:saved", drawSaved);
  model.on("msg:custom", onMessage);
  draw();
  drawError();
  drawSaved();
  return () => {
    model.off("change:view", draw);
    model.off("change:error", drawError);
    model.off("change:saved", drawSaved);
    model.off("msg:custom", onMessage);
    window.removeEventListener("resize", releaseHeight);
    window.removeEventListener("scroll", onPageScroll, { capture: true });
    document.removeEventListener("click", putAwayError, true);
    document.removeEventListener("click", settleStatus, true);
    for (const kind of ["touchmove", "wheel"]) document.removeEventListener(kind, settleOnScroll, { passive: true });
    stopTimer();
    if (sizes) sizes.disconnect();
    if (watchBelow) watchBelow.disconnect();
    if (watchErrors) watchErrors.disconnect();
  };
}


// The first heading of a summary's HTML, with the arrow that leads to it under the board ("" where it has none).
function summaryHeading(html) {
  if (!html) return "";
  const box = document.createElement("div");
  box.innerHTML = html;
  const head = box.querySelector("h3, h4, h5");
  const words = head ? head.textContent.trim() : "";
  return words ? `${words} ↓` : "";
}

export default { render };
