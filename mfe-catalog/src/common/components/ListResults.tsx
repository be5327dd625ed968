import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { ListUrlState } from '../utils/list-url-state';
import { resultCountText } from '../utils/result-count';
import { scrollToTop } from '../utils/scroll-to-top';
import { EmptyListState } from './ActiveFilters';
import { CardGrid } from './CardGrid';
import { DidYouMean } from './DidYouMean';
import { ListLoadNotice } from './ListLoadNotice';
import { LoadingSpinner } from './LoadingSpinner';
import { Pagination } from './Pagination';

/** Cards loaded eagerly, above the fold on a phone (the rest are lazy; docs/product.md §23.4). */
const EAGER_CARDS = 2;

interface ListResultsProps<T extends { _id: string }> {
  /** The section's accessible name, e.g. 'Products'. */
  label: string;
  /** What the list holds, lower case, for the spinner and the load notice, e.g. 'products'. */
  what: string;
  /** The spec's empty text ('No products found.' / 'No services found.', docs/product.md §2). */
  emptyText: string;
  /** The list's URL state (page, search, filters). */
  state: ListUrlState;
  /** Clears the search and filters (the empty state's button). */
  onClearFilters: () => void;
  /** URL of the list at another page (real links, docs/product.md §23.5). */
  hrefFor: (page: number) => string;
  /** The fetch state from `useListFetch`. */
  items: T[];
  totalPages: number;
  /** The answer's total, shown above the cards ("742 products"); omitted: no count line. */
  total?: number;
  /** The total is an estimate: the count line says "about N" (ADR 0037). */
  totalIsEstimate?: boolean;
  loading: boolean;
  failed: boolean;
  networkError: string | null;
  onRetry: () => void;
  /** One card; `eager` for the first cards (no lazy loading). */
  renderCard: (item: T, eager: boolean) => ReactNode;
  /** When a search found nothing: nearest searches that find listings (docs/product.md §31). */
  suggestions?: string[];
  /** URL of the list searching for `search` (the "Did you mean" links). */
  searchHref?: (search: string) => string;
}

/**
 * The results part of a list page (docs/product.md §2 "Products list" / "Services list"): the spinner while
 * loading, the load notice (offline / failed page, docs/product.md §21.5), the spec's empty text with a
 * clear button, the result count ("about N" when the API estimated it, ADR 0037), the grid of cards
 * and the pagination. Products and services both use it.
 */
export function ListResults<T extends { _id: string }>(props: ListResultsProps<T>) {
  const { label, what, emptyText, state, items, loading, failed } = props;
  return (
    <Box component="section" aria-label={label} sx={{ flex: 1, minWidth: 0 }}>
      {loading ? <LoadingSpinner label={`Loading ${what}`} over={items.length > 0} /> : null}
      <ListLoadNotice
        what={what}
        page={state.page}
        failed={failed}
        hasItems={items.length > 0}
        networkError={props.networkError}
        onRetry={props.onRetry}
      />
      {!loading && !failed && items.length === 0 ? (
        <EmptyListState text={emptyText} state={state} onClear={props.onClearFilters} />
      ) : null}
      {!loading && !failed && items.length === 0 && props.suggestions?.length && props.searchHref ? (
        <DidYouMean suggestions={props.suggestions} hrefFor={props.searchHref} />
      ) : null}
      {items.length > 0 && props.total !== undefined ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="result-count">
          {resultCountText(props.total, props.totalIsEstimate === true, what)}
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <CardGrid busy={loading}>
          {items.map((item, index) => (
            <li key={item._id}>{props.renderCard(item, index < EAGER_CARDS)}</li>
          ))}
        </CardGrid>
      ) : null}
      <Pagination
        page={state.page}
        totalPages={props.totalPages}
        hrefFor={props.hrefFor}
        onNavigate={scrollToTop}
      />
    </Box>
  );
}
