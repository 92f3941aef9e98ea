export interface Folder {
  id: string;
  name: string;
  parent: string | null;
}

/** The way from the root to a folder, for the breadcrumb; a loop in the parents ends it rather than hanging. */
export function folderPath(folders: Folder[], id: string | null): Folder[] {
  const path: Folder[] = [];
  const seen = new Set<string>();
  for (
    let current = folders.find((f) => f.id === id);
    current && !seen.has(current.id);
    current = folders.find((f) => f.id === current.parent)
  ) {
    seen.add(current.id);
    path.unshift(current);
  }
  return path;
}
