// A sandbox's board on which a piece is placed by pointing (tutor/widgets/placeboard.py): the SVG, and under it the
// placing preview (placing.js) with its Rotate / Flip / Place buttons and the reason where the piece does not fit.
import { sendTo } from "./board.js";
import { wirePlacing } from "./placing.js";

function render({ model, el: root }) {
  root.classList.add("tutor-svg", "tutor-board", "tutor-placeboard");
  const board = document.createElement("div");
  root.append(board);
  const update = wirePlacing(board, (value) => sendTo(model, { place: value, v: model.get("v") }));
  const draw = () => {
    const t = document.createElement("template");
    t.innerHTML = model.get("value") || "";
    board.replaceChildren(t.content);
    update(model.get("placing") && model.get("placing").seat !== undefined ? model.get("placing") : null);
  };
  model.on("change:value", draw);
  model.on("change:placing", draw);
  draw();
  return () => { model.off("change:value", draw); model.off("change:placing", draw); };
}

export default { render };
