// collect3: the uuids of a layer's features inside an area, a large area in parts. A layer is a
// kd-tree of points (locations, or one representative point per parcel or footprint), and a
// part is either a subtree (a range of positions in the tree's order, which is what a subtree
// is) or a short list of positions. An answer either returns a part's features or lists parts
// to post next, never both, so a client that reads only the leaves of that tree (the official
// one does) and one that reads every answer both get each feature exactly once.
//
// A call reads at most `partSize` positions, plus at most a few hundred tree nodes to split the
// part it was given: the work is bounded by the part size however large the area is.
import type KDBush from 'kdbush';
import type { CollectLimits, CollectPart } from '../../store';
import type { AreaIndex } from '../../rules/area-index';

/** The features a call may return: a kd-tree and which of its positions exist in the vintage. */
export interface PointLayer {
  tree: KDBush;
  present(k: number): boolean;
}

/** A kd subtree: positions l..r, split on `axis`, its points all within the closed box. */
interface Node {
  l: number;
  r: number;
  axis: number;
  box: [number, number, number, number];
}

export type CollectStep = { positions: number[] } | { parts: CollectPart[] };

const size = (n: Node) => n.r - n.l + 1;

function root(tree: KDBush): Node {
  return { l: 0, r: tree.ids.length - 1, axis: 0, box: [-Infinity, -Infinity, Infinity, Infinity] };
}

/** kdbush's own split (index.js sort()): a node longer than nodeSize + 1 has a median. */
const splittable = (tree: KDBush, n: Node) => n.r - n.l > tree.nodeSize;

function children(tree: KDBush, n: Node): [number, Node, Node] {
  const m = (n.l + n.r) >> 1;
  const split = tree.coords[2 * m + n.axis];
  const left: Node = { l: n.l, r: m - 1, axis: 1 - n.axis, box: [...n.box] };
  const right: Node = { l: m + 1, r: n.r, axis: 1 - n.axis, box: [...n.box] };
  left.box[n.axis + 2] = split;
  right.box[n.axis] = split;
  return [m, left, right];
}

/** The subtree l..r with its box, found by descending from the root; null when it is not one. */
function findNode(tree: KDBush, l: number, r: number): Node | null {
  let node = root(tree);
  for (;;) {
    if (node.l === l && node.r === r) return node;
    if (!splittable(tree, node)) return null;
    const [m, left, right] = children(tree, node);
    if (l >= node.l && r <= m - 1) node = left;
    else if (l >= m + 1 && r <= node.r) node = right;
    else return null;
  }
}

/** Answers one part: its features' positions (ascending), or the parts it splits into. */
export function collectStep(
  layer: PointLayer,
  area: AreaIndex,
  part: CollectPart | null,
  { partSize, maxParts }: CollectLimits,
): CollectStep | null {
  const { tree } = layer;
  const n = tree.ids.length;
  const [ax0, ay0, ax1, ay1] = area.bbox;
  const inside = (k: number) => {
    const x = tree.coords[2 * k];
    const y = tree.coords[2 * k + 1];
    return layer.present(k) && x >= ax0 && x <= ax1 && y >= ay0 && y <= ay1 && area.contains(x, y);
  };

  if (part && 'points' in part) {
    if (part.points.some((k) => !Number.isInteger(k) || k < 0 || k >= n)) return null;
    return { positions: part.points.slice() };
  }
  const start = part ? findNode(tree, part.node[0], part.node[1]) : root(tree);
  if (!start) return null;

  const meets = (b: Node['box']) => b[0] <= ax1 && b[2] >= ax0 && b[1] <= ay1 && b[3] >= ay0;
  const frontier: Node[] = meets(start.box) ? [start] : [];
  const medians: number[] = [];
  let total = frontier.length ? size(start) : 0;
  // One slot stays free for the list of medians; splits are capped so a call stays cheap.
  for (
    let splits = 0;
    total > partSize && frontier.length < maxParts - 1 && splits < 4 * maxParts;
    splits++
  ) {
    let j = -1;
    for (let i = 0; i < frontier.length; i++) {
      if (splittable(tree, frontier[i]) && (j < 0 || size(frontier[i]) > size(frontier[j]))) j = i;
    }
    if (j < 0) break;
    // Parts already fit: splitting further only helps a small area shed what its box misses.
    if (size(frontier[j]) <= partSize && total > 4 * partSize) break;
    const [node] = frontier.splice(j, 1);
    total -= size(node);
    const [m, left, right] = children(tree, node);
    // The median belongs to neither child: test it here and carry it in the list.
    if (inside(m)) {
      medians.push(m);
      total += 1;
    }
    for (const child of [left, right]) {
      if (child.l <= child.r && meets(child.box)) {
        frontier.push(child);
        total += size(child);
      }
    }
  }

  if (total <= partSize) {
    const positions = medians;
    for (const node of frontier)
      for (let k = node.l; k <= node.r; k++) if (inside(k)) positions.push(k);
    return { positions: positions.sort((a, b) => a - b) };
  }
  const parts: CollectPart[] = [];
  // A leaf cannot split: one larger than a part (only when partSize is below the tree's node
  // size, never at the service's 5,000) is listed by its inside positions, or its client would
  // be sent back the same part forever.
  const loose = medians;
  for (const node of frontier.sort((a, b) => a.l - b.l)) {
    if (splittable(tree, node) || size(node) <= partSize) parts.push({ node: [node.l, node.r] });
    else for (let k = node.l; k <= node.r; k++) if (inside(k)) loose.push(k);
  }
  for (let i = 0; i < loose.length; i += partSize)
    parts.push({ points: loose.slice(i, i + partSize) });
  return { parts };
}
