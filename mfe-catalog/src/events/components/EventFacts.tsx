import { type CampusEvent, formatEventTime, formatKes } from '@campus/shared';
import { EventIcon, LocationOnIcon, SchoolIcon, SellIcon, Stack, Typography } from '@mui/material';

/** An event's price: 'Kes 200.00', or 'Free' when it has none or 0 (docs/product.md §20.9). */
export function eventPrice(price: number | null | undefined): string {
  return typeof price === 'number' && price > 0 ? formatKes(price) : 'Free';
}

/**
 * What, when and where of an event (docs/product.md §20.9), as a list: date and time in Africa/Nairobi
 * (start, and end when known), venue, university, price or "Free". `dense` for cards.
 */
export function EventFacts({ event, dense = false }: { event: CampusEvent; dense?: boolean }) {
  const when = formatEventTime(event.startsAt, event.endsAt);
  const row = { display: 'flex', alignItems: 'flex-start', gap: 0.75, overflowWrap: 'anywhere' } as const;
  const variant = dense ? 'body2' : 'body1';
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {when ? (
        <Typography component="li" variant={variant} sx={row}>
          <EventIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          <time dateTime={event.startsAt}>{when}</time>
        </Typography>
      ) : null}
      <Typography component="li" variant={variant} sx={row}>
        <LocationOnIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
        {event.venue}
      </Typography>
      {event.university ? (
        <Typography component="li" variant={variant} sx={row}>
          <SchoolIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          {event.university}
        </Typography>
      ) : null}
      <Typography component="li" variant={variant} sx={{ ...row, fontWeight: 700, color: 'primary.main' }}>
        <SellIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
        {eventPrice(event.price)}
      </Typography>
    </Stack>
  );
}
