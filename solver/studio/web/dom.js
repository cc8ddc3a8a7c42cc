// Small DOM helpers shared by the pages. Text always goes in as text (never as HTML): move texts,
// tags and messages come from records and users.

// el('li', {class: 'x', onclick: f}, 'text', child, ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

export const $ = (selector, root = document) => root.querySelector(selector);

export function clear(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

// A message line under a page's controls: kind 'refused', 'error', 'ok' or '' (plain).
export function showMessage(text, kind = '') {
  const box = document.getElementById('message');
  if (!box) return;
  box.textContent = text || '';
  box.className = kind;
  box.hidden = !text;
}

// The server's SVG diagram: our own server's markup, drawn as it is.
export function showSvg(container, svg) {
  container.innerHTML = svg || '';
}

// Fills a <select> with the server's variants; `current` is kept when it is one of them.
export function fillVariants(select, list, current) {
  clear(select, list.map((v) => el('option', { value: v.name }, v.name)));
  if (current && list.some((v) => v.name === current)) select.value = current;
}

// A PGN-like move number for ply `index` (0-based) of a line that starts with `side` to move:
// '1.' for White, '1...' for Black, as problemists and records write them.
export function moveNumber(index, side, first = 1) {
  const whiteFirst = side !== 'b' && side !== 'black';
  const offset = whiteFirst ? index : index + 1;
  const number = first + Math.floor(offset / 2);
  return offset % 2 === 0 ? `${number}.` : `${number}...`;
}
