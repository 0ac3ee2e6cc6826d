// Choosing on the board (tutor/widgets/board.py): the renderer lays a focusable button with `data-choice` over
// each element the engine offers; here one delegated listener per board turns a click, or Enter / Space on the
// focused element, into that choice id. Anything else on the board does nothing. Inlined into the modules that
// use it (no build step).

export function wireChoices(container, choose) {
  const offered = (event) => {
    const hit = event.target && event.target.closest ? event.target.closest("[data-choice]") : null;
    return hit && container.contains(hit) ? hit : null;
  };
  container.addEventListener("click", (event) => {
    const hit = offered(event);
    if (!hit) return;
    event.preventDefault();
    choose(hit.getAttribute("data-choice"), hit, event);
  });
  container.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " " && event.key !== "Spacebar") return;
    const hit = offered(event);
    if (!hit || event.repeat) return;
    event.preventDefault();      // Space would scroll the page
    choose(hit.getAttribute("data-choice"), hit);
  });
}

// Put a new board in `container`. If the keyboard was on the old board it stays on the new one: on the same
// element if it is still offered and among `next` (the ids of the step to take now), else on the first of
// `next`, else on the same element, else on the first offered one.
export function redrawBoard(container, content, next) {
  const active = document.activeElement;
  const was = active && container.contains(active) ? (active.getAttribute("data-key") || "") : null;
  container.replaceChildren(content);
  if (was === null) return;
  const offered = [...container.querySelectorAll("[data-choice]")];
  const wanted = new Set(next || []);
  const same = offered.find((e) => e.getAttribute("data-key") === was);
  const target = (same && wanted.has(same.getAttribute("data-choice")) && same)
    || offered.find((e) => wanted.has(e.getAttribute("data-choice"))) || same || offered[0];
  if (target) target.focus({ preventScroll: true });
}
