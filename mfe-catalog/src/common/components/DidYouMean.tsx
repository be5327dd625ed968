import { Link, Typography } from '@mui/material';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * "Did you mean: laptop, lamp" under an empty search (docs/product.md §31): each suggestion is a real
 * link to the list searching for it (works before the JavaScript arrives, docs/product.md §23.5).
 */
export function DidYouMean({
  suggestions,
  hrefFor,
}: {
  suggestions: readonly string[];
  hrefFor: (search: string) => string;
}) {
  return (
    <Typography component="p" sx={{ mb: 2 }}>
      Did you mean:{' '}
      {suggestions.map((suggestion, index) => (
        <Fragment key={suggestion}>
          {index > 0 ? ', ' : null}
          <Link component={RouterLink} to={hrefFor(suggestion)}>
            {suggestion}
          </Link>
        </Fragment>
      ))}
      ?
    </Typography>
  );
}
