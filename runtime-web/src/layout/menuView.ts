/** The part of a menu node the sidebar reads; the menu store's `MenuNode` satisfies it. */
export interface MenuNodeLike {
  path: string;
  isShow?: boolean;
  /** 0 directory, 1 page, 2 permission (never shown). */
  type?: number;
  children?: readonly MenuNodeLike[];
}

/** Directories and pages the sidebar shows (isShow, no permission nodes, empty directories dropped). */
export function visibleMenu<T extends MenuNodeLike>(tree: readonly T[]): T[] {
  const out: T[] = [];
  for (const node of tree) {
    if (node.type === 2 || node.isShow === false) continue;
    if (node.type === 0) {
      const children = visibleMenu((node.children ?? []) as readonly T[]);
      if (children.length) out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** First visible page of a subtree, depth first: where a click on a menu group goes. */
export function firstPage<T extends MenuNodeLike>(tree: readonly T[]): T | undefined {
  for (const node of visibleMenu(tree)) {
    if (node.type !== 0) return node;
    const inner = firstPage((node.children ?? []) as readonly T[]);
    if (inner) return inner;
  }
  return undefined;
}

/** Classes of the frame: screen class, folded and phone-sized states (docs/reference/product-spec.md §1 responsive classes). */
export function frameClasses(screen: string, collapsed: boolean, mini: boolean): string {
  return ['sa-frame', `is-${screen}`, collapsed ? 'is-collapsed' : 'is-expanded', mini ? 'is-mini' : '']
    .filter(Boolean)
    .join(' ');
}
