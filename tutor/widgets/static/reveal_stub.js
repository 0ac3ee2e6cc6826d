// A lazy part's placeholder as most pages send it (tutor/widgets/lazy.py): its whole front-end (reveal.js) comes
// once, in the page's own module (page.py), which leaves it at globalThis.__tutorReveal; each placeholder carries
// only this, which waits for it. A page once carried reveal.js in every placeholder's state: ~4 KB each, half the
// page's first render. MANUAL is set for a part opened only by its button.
const MANUAL = false;
function render(view) {
  let stop = null;
  let gone = false;
  let tries = 0;
  const go = () => {
    if (gone) return;
    const real = globalThis.__tutorReveal;
    if (real) { stop = real(view, MANUAL); return; }
    if (tries++ < 1200) setTimeout(go, tries < 20 ? 10 : 100);
  };
  go();
  return () => { gone = true; if (typeof stop === "function") stop(); };
}
export default { render };
