// The learner's progress, kept in their own browser (localStorage, "tutor.progress"), never sent anywhere (issue
// #33): the answers the kernel tells the page (tutor/widgets/progress.py, one record each) and the parts read
// (contents.js). What cannot be understood (an older version, another site's data, a hand-edited file) is dropped
// with a console warning; a full or refused storage keeps the lesson working and says progress is not being saved.
//
// Stored: {v: 1, answers: [record, …] (the newest MAX_ANSWERS; a task solved keeps its moves), read: {"<game>/<lang>": ["part-…", …]},
//          parts: {"<game>/<lang>": the number of parts its lesson has}, at: {"<game>/<lang>": the part the learner
//          was in last}, item: {"<game>/<lang>": the quiz, task or drill they were at in it, if any}} (the index
//          page's template reads it too).

const PROGRESS_KEY = "tutor.progress";
const PROGRESS_VERSION = 1;
const MAX_ANSWERS = 3000;
const KINDS = ["quiz", "task", "drill", "example"];

// a record as the kernel makes it, or null: every field of its type, nothing else kept
export function cleanRecord(r) {
  if (!r || typeof r !== "object") return null;
  const str = (x) => typeof x === "string" && x.length <= 200;
  if (!str(r.game) || !str(r.lang) || !str(r.part) || !KINDS.includes(r.kind) || !str(r.item)) return null;
  if (!Array.isArray(r.rules) || !r.rules.every(str) || typeof r.right !== "boolean") return null;
  if (typeof r.first !== "boolean" || typeof r.shown !== "boolean" || typeof r.time !== "number") return null;
  const clean = { v: PROGRESS_VERSION, game: r.game, lang: r.lang, part: r.part, kind: r.kind, item: r.item,
                  rules: r.rules.slice(0, 8), right: r.right, first: r.first, shown: r.shown, time: r.time };
  // a task solved keeps the learner's moves (the engine's JSON of each action), to show it solved on the next visit
  if (r.kind === "task" && r.right && goodMoves(r.moves)) clean.moves = JSON.parse(JSON.stringify(r.moves));
  return clean;
}

function goodMoves(moves) {
  if (!Array.isArray(moves) || !moves.length || moves.length > 8) return false;
  if (!moves.every((m) => m && typeof m === "object" && !Array.isArray(m))) return false;
  try { return JSON.stringify(moves).length <= 2000; } catch (err) { return false; }
}

// {item: moves} of the quizzes and tasks of `answers` whose latest answer was right (not shown) before `before` (ms):
// the page tells the kernel, which shows them solved again (tutor/widgets/progress.py restore); a quiz's moves are []
export function solvedBefore(answers, before) {
  const latest = new Map();
  for (const a of answers) if (a.kind === "quiz" || a.kind === "task") latest.set(a.item, a);
  const solved = {};
  for (const [item, a] of latest) {
    if (a.right && !a.shown && a.time * 1000 < before) solved[item] = a.moves || [];
  }
  return solved;
}

// what a stored (or imported) text holds, cleaned: {data, dropped}
export function readProgress(text) {
  const empty = { v: PROGRESS_VERSION, answers: [], read: {}, parts: {}, at: {}, item: {} };
  if (text === null || text === undefined || text === "") return { data: empty, dropped: 0 };
  let raw;
  try { raw = JSON.parse(text); } catch (err) { return { data: empty, dropped: 1 }; }
  if (!raw || typeof raw !== "object" || raw.v !== PROGRESS_VERSION) return { data: empty, dropped: 1 };
  let dropped = 0;
  const answers = [];
  for (const r of Array.isArray(raw.answers) ? raw.answers : []) {
    const clean = cleanRecord(r);
    if (clean) answers.push(clean); else dropped += 1;
  }
  const read = {};
  if (raw.read && typeof raw.read === "object") {
    for (const [key, parts] of Object.entries(raw.read)) {
      if (/^[a-z0-9_]+\/[a-z]{2}$/.test(key) && Array.isArray(parts)) {
        read[key] = parts.filter((p) => typeof p === "string" && /^part-[a-z0-9-]+$/.test(p));
      } else dropped += 1;
    }
  }
  const parts = {};
  if (raw.parts && typeof raw.parts === "object") {
    for (const [key, n] of Object.entries(raw.parts)) {
      if (/^[a-z0-9_]+\/[a-z]{2}$/.test(key) && Number.isInteger(n) && n > 0 && n < 200) parts[key] = n;
      else dropped += 1;
    }
  }
  const at = {};
  if (raw.at && typeof raw.at === "object") {
    for (const [key, part] of Object.entries(raw.at)) {
      if (/^[a-z0-9_]+\/[a-z]{2}$/.test(key) && typeof part === "string" && /^part-[a-z0-9-]+$/.test(part)) at[key] = part;
      else dropped += 1;
    }
  }
  const item = {};
  if (raw.item && typeof raw.item === "object") {
    for (const [key, id] of Object.entries(raw.item)) {
      if (/^[a-z0-9_]+\/[a-z]{2}$/.test(key) && typeof id === "string" && /^[a-z0-9_]+\/[a-z0-9_-]+$/.test(id)) item[key] = id;
      else dropped += 1;
    }
  }
  return { data: { v: PROGRESS_VERSION, answers: answers.slice(-MAX_ANSWERS), read, parts, at, item }, dropped };
}

export function progressStore(onChange) {
  let saving = true;
  let data;
  let storage = null;
  try { storage = window.localStorage; } catch (err) { storage = null; }
  const load = () => {
    let text = null;
    try { text = storage ? storage.getItem(PROGRESS_KEY) : null; } catch (err) { text = null; }
    const { data: got, dropped } = readProgress(text);
    if (dropped) console.warn(`tutor: ${dropped} stored progress entries could not be understood and were dropped`);
    data = got;
  };
  const save = () => {
    try {
      if (!storage) throw new Error("no storage");
      storage.setItem(PROGRESS_KEY, JSON.stringify(data));
      saving = true;
    } catch (err) {
      if (saving) console.warn(`tutor: progress is not being saved on this device (${err && err.name})`);
      saving = false;
    }
    onChange();
  };
  load();
  // another tab of the same browser answered something: this page shows it too
  const onStorage = (event) => { if (event.key === PROGRESS_KEY) { load(); onChange(); } };
  window.addEventListener("storage", onStorage);
  // a part read, once: false if it was already
  const addRead = (key, part) => {
    const parts = data.read[key] || (data.read[key] = []);
    if (parts.includes(part)) return false;
    parts.push(part);
    return true;
  };
  return {
    get saving() { return saving; },
    add(record) {
      const clean = cleanRecord(record);
      if (!clean) { console.warn("tutor: a progress record could not be understood", record); return; }
      data.answers.push(clean);
      if (data.answers.length > MAX_ANSWERS) data.answers.splice(0, data.answers.length - MAX_ANSWERS);
      // a worked example stepped to its end, or a question of the part answered right, reads the part too (a reader
      // who stepped through all of part 12 found it not ticked: its words had not stayed whole on screen)
      if (/^part-[a-z0-9-]+$/.test(clean.part) && (clean.kind === "example" || clean.right)) {
        addRead(`${clean.game}/${clean.lang}`, clean.part);
      }
      save();
    },
    markRead(key, part) { if (addRead(key, part)) save(); },
    read(key) { return new Set(data.read[key] || []); },
    at(key) { return data.at[key] || null; },
    item(key) { return data.item[key] || null; },
    setAt(key, part, item = null) {
      if (data.at[key] === part && (data.item[key] || null) === item) return;
      data.at[key] = part;
      if (item) data.item[key] = item; else delete data.item[key];
      save();
    },
    setParts(key, n) { if (data.parts[key] !== n) { data.parts[key] = n; save(); } },
    answers(game, lang) { return data.answers.filter((a) => a.game === game && (!lang || a.lang === lang)); },
    forget() { data = readProgress(null).data; save(); },
    exportText() { return JSON.stringify(data); },
    importText(text) {
      const { data: got, dropped } = readProgress(text);
      if (!got.answers.length && !Object.keys(got.read).length && !Object.keys(got.at).length) return false;
      const seen = new Set(data.answers.map((a) => `${a.time}|${a.item}|${a.right}`));
      for (const a of got.answers) if (!seen.has(`${a.time}|${a.item}|${a.right}`)) data.answers.push(a);
      data.answers.sort((a, b) => a.time - b.time);
      data.answers = data.answers.slice(-MAX_ANSWERS);
      for (const [key, parts] of Object.entries(got.read)) {
        data.read[key] = [...new Set([...(data.read[key] || []), ...parts])];
      }
      Object.assign(data.parts, got.parts);
      Object.assign(data.at, got.at);      // the file's place: "load my progress" takes the learner back to it
      for (const key of Object.keys(got.at)) { if (got.item[key]) data.item[key] = got.item[key]; else delete data.item[key]; }
      if (dropped) console.warn(`tutor: ${dropped} entries of the imported progress could not be understood`);
      save();
      return true;
    },
    stop() { window.removeEventListener("storage", onStorage); },
  };
}

// Practise what you missed: a Leitner schedule over the drills this learner has answered (five boxes; a first answer
// right moves a drill up a box if it was due then, a wrong one or an answer shown sends it back to the first). A drill
// is due when its box's wait has passed since its last answer: at once in box 1 (MISS_REST minutes for a drill
// missed again: a session reopened at once led with the question just missed), then 1, 3, 7 and 16 days; two right
// answers in one sitting move it
// up one box, not two (a returning reader found a drill not due for a week after ten minutes). Leitner, not SM-2:
// it needs only right or wrong (no self-graded ease, which a learner on a phone would not give), and a box is easy
// to explain. A session: the due drills, the most missed first, then up to FRESH drills not due yet (the lowest box
// first) to keep them fresh, at most SESSION in all; and the rules behind missed quiz and task answers, for the
// kernel to add drills of those rules (from the parts this learner has read or practised), and the drills answered
// so far, so that the kernel may add the drills of the parts read that were never answered. A drill answered in the
// last REST_HOURS is not topped up: reopening a finished session at once brought back the same questions.
const BOX_DAYS = [0, 1, 3, 7, 16];
const MISS_REST = 10;     // minutes
const SESSION = 8;
const FRESH = 2;
const REST_HOURS = 12;
const AGAIN = 3;          // quizzes and tasks to try again, linked from a session

export function leitnerBoxes(answers) {
  const boxes = new Map();      // drill id -> {box (1-5), last (time), misses}
  for (const a of [...answers].sort((x, y) => x.time - y.time)) {
    if (a.kind !== "drill") continue;
    const entry = boxes.get(a.item) || { box: 1, last: a.time, misses: 0 };
    if (!a.right || a.shown) { entry.box = 1; entry.misses += 1; }
    else if (a.first && a.time >= entry.last + BOX_DAYS[entry.box - 1] * 86400) {
      entry.box = Math.min(BOX_DAYS.length, entry.box + 1);
    }
    entry.last = a.time;
    boxes.set(a.item, entry);
  }
  return boxes;
}

export function practisePlan(answers, now) {
  const boxes = leitnerBoxes(answers);
  const due = [], later = [];
  for (const [item, e] of boxes) {
    // (a first miss comes back in the next session whenever it is; one missed again, as in a session just closed,
    // rests MISS_REST minutes first)
    const wait = e.box === 1 ? (e.misses >= 2 ? MISS_REST * 60 : 0) : BOX_DAYS[e.box - 1] * 86400;
    (e.last + wait <= now ? due : later).push({ item, ...e });
  }
  due.sort((a, b) => a.box - b.box || b.misses - a.misses || a.last - b.last);
  later.sort((a, b) => a.box - b.box || a.last - b.last);
  const rested = later.filter((e) => e.last + REST_HOURS * 3600 <= now);
  const chosen = [...due.slice(0, SESSION), ...rested.slice(0, FRESH)].slice(0, SESSION);
  const drills = chosen.map((e) => e.item);
  // why each comes back, for the session to say: missed (how often), or answered right and kept fresh
  const why = Object.fromEntries(chosen.map((e) => [e.item, e.box === 1 && e.misses ? e.misses : 0]));
  // A quiz or task missed at the first try names its rules to practise, even once put right on a second try (the
  // mistake is what comes back), until a drill of that rule is answered right at the first try after it.
  const sorted = [...answers].sort((x, y) => x.time - y.time);
  const missed = new Map();          // rule -> when it was last missed in a quiz or task
  for (const a of sorted) {
    if ((a.kind === "quiz" || a.kind === "task") && a.first && (!a.right || a.shown)) {
      a.rules.forEach((r) => missed.set(r, a.time));
    }
  }
  for (const a of sorted) {
    if (a.kind === "drill" && a.first && a.right && !a.shown) {
      a.rules.forEach((r) => { if (missed.has(r) && missed.get(r) < a.time) missed.delete(r); });
    }
  }
  const parts = new Set(answers.map((a) => a.part).filter(Boolean));
  // the quizzes and tasks themselves whose latest answer is a miss (or an answer shown), newest first: the session
  // links back to them (a reader who missed a task was offered a drill of its rule, never the task again)
  const latest = new Map();
  for (const a of sorted) if (a.kind === "quiz" || a.kind === "task") latest.set(a.item, a);
  const again = [...latest.values()].filter((a) => !a.right || a.shown).sort((x, y) => y.time - x.time)
    .slice(0, AGAIN).map((a) => ({ item: a.item, part: a.part || null }));
  return { drills, rules: [...missed.keys()], parts: [...parts], seen: [...boxes.keys()], why, again };
}
