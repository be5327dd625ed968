import { formatKes } from '@campus/shared';
import { Box, Link, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { getSafetyFlags, type SafetyFlag } from '../api/moderation-api';

type Signal = SafetyFlag['signals'][number];
type Evidence = Record<string, unknown>;

const KIND_LABELS: Record<Signal['kind'], string> = {
  price_outlier: 'Price far below similar listings',
  reused_photo: 'Photo copied from another seller',
  advance_payment: 'Asks for money before meeting',
  new_account_high_price: 'New account, expensive item',
  reported_seller: 'Seller reported by several students',
};

/** The evidence of one signal, as the desk reads it. */
function EvidenceOf({ signal }: { signal: Signal }) {
  const evidence = signal.evidence as Evidence;
  if (signal.kind === 'price_outlier') {
    const comparables = (evidence.comparables ?? []) as {
      id: string;
      title: string;
      price: number;
      university: string;
    }[];
    return (
      <Box>
        <Typography variant="body2">
          Price {formatKes(evidence.price as number)}; median {formatKes(evidence.median as number)} of{' '}
          {comparables.length} comparable listings ({evidence.scope === 'campus' ? 'same campus' : 'national'}
          )
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 0.5 }} aria-label="Comparable listings">
          {comparables.map((c) => (
            <Typography component="li" variant="body2" key={c.id}>
              <Link href={`/products/${c.id}`}>{c.title}</Link> · {formatKes(c.price)} · {c.university}
            </Typography>
          ))}
        </Box>
      </Box>
    );
  }
  if (signal.kind === 'reused_photo') {
    const matches = (evidence.matches ?? []) as {
      photo: string;
      matchedPhoto: string;
      matchedListingType: string;
      matchedListingId: string;
      matchedTitle: string;
      distance: number;
    }[];
    return (
      <Box component="ul" sx={{ p: 0, my: 0.5, listStyle: 'none', display: 'grid', gap: 1 }}>
        {matches.map((m) => (
          <Box
            component="li"
            key={`${m.photo}:${m.matchedPhoto}`}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            <Box component="figure" sx={{ m: 0 }}>
              <img src={m.photo} alt="This listing" width={120} height={90} style={{ objectFit: 'cover' }} />
              <Typography component="figcaption" variant="caption" sx={{ display: 'block' }}>
                This listing
              </Typography>
            </Box>
            <Box component="figure" sx={{ m: 0 }}>
              <img
                src={m.matchedPhoto}
                alt={`Match: ${m.matchedTitle}`}
                width={120}
                height={90}
                style={{ objectFit: 'cover' }}
              />
              <Typography component="figcaption" variant="caption" sx={{ display: 'block' }}>
                Matches <Link href={`/${m.matchedListingType}/${m.matchedListingId}`}>{m.matchedTitle}</Link>{' '}
                ({m.distance} of 64 bits differ)
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  if (signal.kind === 'advance_payment') {
    return (
      <Typography variant="body2">
        Phrases found: {((evidence.phrases ?? []) as string[]).join(', ')}
      </Typography>
    );
  }
  if (signal.kind === 'new_account_high_price') {
    return (
      <Typography variant="body2">
        Account created {new Date(evidence.accountCreatedAt as string).toLocaleString('en-KE')}; price{' '}
        {formatKes(evidence.price as number)}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      {String(evidence.reporters)} different students in the last 30 days
    </Typography>
  );
}

/**
 * The desk's scam-signal flags (docs/product.md §29): each listing a signal flagged, with the
 * buyer's warning and the evidence (the median and the comparables, the matching photo, the
 * phrases, the account's age, the reports). Flagged listings stay public: the moderator decides.
 * Loads its own list; renders nothing when no listing is flagged or the list cannot be read.
 */
export function SafetyFlags() {
  const [flags, setFlags] = useState<SafetyFlag[]>([]);
  useEffect(() => {
    let live = true;
    getSafetyFlags()
      .then((found) => live && setFlags(found))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (flags.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="signals-heading" sx={{ mb: 4 }}>
      <Typography id="signals-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        Scam signals ({flags.length})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Listings whose price, photos, wording, seller or reports look like a known scam. They stay public;
        buyers see the warning before WhatsApp.
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
        {flags.map((flag) => (
          <Paper
            key={`${flag.listingType}:${flag.listingId}`}
            component="li"
            variant="outlined"
            sx={{ p: 2, listStyle: 'none' }}
          >
            <Typography component="h3" variant="subtitle1">
              <Link href={flag.link}>{flag.title}</Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {flag.owner.name} ({flag.owner.email}) ·{' '}
              {flag.moderation === 'visible' ? 'public' : flag.moderation}
            </Typography>
            <Box component="ul" sx={{ pl: 2.5, mt: 1, mb: 0 }}>
              {flag.signals.map((signal) => (
                <Box component="li" key={signal.kind} data-kind={signal.kind} sx={{ mb: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {KIND_LABELS[signal.kind]}
                  </Typography>
                  <Typography variant="body2">{signal.message}</Typography>
                  <EvidenceOf signal={signal} />
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
