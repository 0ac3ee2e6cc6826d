// A sandbox's board (tutor/widgets/board.py ClickBoard): the SVG, with its offered elements clickable.
import { sendTo } from "./board.js";
import { wireChoices, redrawBoard } from "./choose.js";

function render({ model, el: root }) {
  root.classList.add("tutor-svg", "tutor-board");
  const parse = (html) => {
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  };
  wireChoices(root, (id) => sendTo(model, { choose: id, v: model.get("v") }));
  const draw = () => redrawBoard(root, parse(model.get("value") || ""), []);
  model.on("change:value", draw);
  draw();
  return () => model.off("change:value", draw);
}

export default { render };
