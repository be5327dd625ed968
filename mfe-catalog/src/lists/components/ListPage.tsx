import { useIsDesktop, usePageMeta } from '@campus/shared';
import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ActiveFilters, NOTHING_ACTIVE } from '../../common/components/ActiveFilters';
import { ListResults } from '../../common/components/ListResults';
import { SearchBox } from '../../common/components/SearchBox';
import { SortAndCampus } from '../../common/components/SortAndCampus';
import { type ListFetcher, useListFetch } from '../../common/hooks/useListFetch';
import { useListUrlState } from '../../common/hooks/useListUrlState';
import { keptParams, savedSearchFilters, toListQuery } from '../../common/utils/list-url-state';
import { SaveSearchButton } from '../../saved-searches/components/SaveSearchButton';
import { VerifiedOnlyFilter } from '../../trust/components/VerifiedOnlyFilter';

/** The list's URL state and its update, as the filter slots use them. */
export type ListPageUrl = Pick<ReturnType<typeof useListUrlState>, 'state' | 'update'>;

interface ListPageProps<T extends { _id: string }> {
  /** Which list: the saved search's kind and the server-rendered page's preload key. */
  kind: 'products' | 'services';
  /** The page's title and description (the h1 is the title), from the feature's server loader. */
  head: { title: string; description: string };
  /** The search box's label, e.g. 'Search products'. */
  searchLabel: string;
  /** The spec's empty text, e.g. 'No products found.' (docs/product.md §2). */
  emptyText: string;
  /** The categories the URL's `category` may take. */
  categories: readonly string[];
  /** Loads one page (a module-level function). */
  fetchPage: ListFetcher<T>;
  /** One card; `eager` for the first row. */
  renderCard: (item: T, eager: boolean) => ReactNode;
  /** The filters below 768 px, beside the search box (a native popover, ADR 0032). */
  phoneFilters: (url: ListPageUrl) => ReactNode;
  /** The filter form of the side panel from 768 px. */
  desktopFilters: (url: ListPageUrl) => ReactNode;
}

/**
 * A catalog list page (docs/product.md §2 "Products list" / "Services list", §20.2): the h1, the
 * sticky debounced search with the phone filters, sort and campus, the active filters' chips,
 * "Verified students only", "Save this search" (§30), the filters' side panel from 768 px and the
 * results. Search, filters and page live in the URL; a search or filter change resets the page to
 * 1. The page the server rendered is shown at once (docs/product.md §23.3).
 */
export function ListPage<T extends { _id: string }>({
  kind,
  head,
  searchLabel,
  emptyText,
  categories,
  fetchPage,
  renderCard,
  phoneFilters,
  desktopFilters,
}: ListPageProps<T>) {
  usePageMeta(head.title, head.description);
  const isDesktop = useIsDesktop();
  const { state, update, hrefFor } = useListUrlState(categories);
  const list = useListFetch(toListQuery(state), fetchPage, kind);
  const headingId = `${kind.slice(0, -1)}-filters-heading`;

  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {head.title}
      </Typography>
      <SearchBox
        label={searchLabel}
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        keep={keptParams(state, ['search'])}
      >
        {isDesktop ? null : phoneFilters({ state, update })}
      </SearchBox>
      <SortAndCampus state={state} onChange={update} keep={keptParams(state, ['sort', 'university'])} />
      <ActiveFilters state={state} onChange={update} />
      <VerifiedOnlyFilter
        checked={state.verifiedOnly}
        onChange={(verifiedOnly) => update({ verifiedOnly })}
        keep={keptParams(state, ['verifiedOnly'])}
      />
      <SaveSearchButton
        kind={kind}
        filters={savedSearchFilters(toListQuery(state))}
        suggestedName={state.search || state.category || `All ${kind}`}
      />
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {isDesktop ? (
          <Box component="aside" aria-labelledby={headingId} sx={{ width: 240, flexShrink: 0 }}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              Filters
            </Typography>
            {desktopFilters({ state, update })}
          </Box>
        ) : null}
        <ListResults
          label={head.title}
          what={kind}
          emptyText={emptyText}
          state={state}
          onClearFilters={() => update(NOTHING_ACTIVE)}
          hrefFor={(page) => hrefFor({ page })}
          items={list.items}
          totalPages={list.totalPages}
          total={list.total}
          totalIsEstimate={list.totalIsEstimate}
          loading={list.loading}
          failed={list.failed}
          networkError={list.networkError}
          onRetry={list.retry}
          renderCard={renderCard}
          suggestions={list.suggestions}
          searchHref={(search) => hrefFor({ search })}
        />
      </Box>
    </Container>
  );
}
