interface Props {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous and next, with where the user is and how many items match. */
export function Pager({ page, pages, total, onPage }: Props) {
  return (
    <nav aria-label="Pages" className="toolbar">
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} · {total} items
      </span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
