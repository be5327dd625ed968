import { formatKes, formatShortDate } from '@campus/shared';
import {
  ArrowBackIcon,
  Box,
  Chip,
  Container,
  Link,
  PersonIcon,
  SchoolIcon,
  Stack,
  StorefrontIcon,
  Typography,
  VisibilityIcon,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChatLinkButton } from './ChatLinkButton';
import { PhotoGallery } from './PhotoGallery';
import { ReservedBadge } from './ReservedBadge';

/** Everything a product or service detail page shows; the pages map their entity to it. */
export interface ListingDetailProps {
  /** The list page this item belongs to, e.g. { to: '/products', label: 'All products' }. */
  back: { to: string; label: string };
  title: string;
  /** Price in KES. */
  price: number;
  description?: string | null;
  category?: string | null;
  /** Link to the list filtered by this category. */
  categoryTo?: string;
  views?: number;
  createdAt?: string;
  sold?: boolean;
  /** Reserved while a meet-up is arranged (docs/product.md §20.5). */
  reserved?: boolean;
  /** Facts under the price, e.g. [['Condition', 'Like new'], ['Price', 'Negotiable']] (docs/product.md §20.4). */
  facts?: [string, string][];
  /** The heart (docs/product.md §20.1): the favourites feature's `SaveButton`, given by the kind's page. */
  save?: ReactNode;
  coverImage?: string | null;
  coverThumbnail?: string | null;
  photos?: string[];
  /** 'Seller' or 'Provider', with the person's name and university. */
  personRole: string;
  personName: string;
  /** The person's page, '/sellers/{id}' (docs/product.md §20.8). */
  personTo?: string;
  university?: string | null;
  /** The seller's shop, linked to /shop/{id}. */
  shop?: { _id?: string; name?: string | null } | null;
  /** WhatsApp chat link (its name is the visible 'Contact on WhatsApp'). */
  chatHref: string;
  /** Next to the chat button, e.g. the report menu (docs/product.md §19). */
  chatActions?: ReactNode;
  /** Under the chat button, e.g. the safety tips (docs/product.md §19). */
  afterChat?: ReactNode;
  /** Above the chat button: the listing's scam warnings (docs/product.md §29). */
  beforeChat?: ReactNode;
  /** After the person's name, e.g. the verified-student badge (docs/product.md §19). */
  personBadge?: ReactNode;
}

/**
 * Detail page body (our content; docs/product.md §2 leaves it open): photos, the full title in the `<h1>`,
 * price in Kes with the Sold or Reserved badge and the heart, condition and negotiability
 * (docs/product.md §20), a prominent 'Contact on WhatsApp' link (the API's counted chat route), views and
 * listing date, description, category, and the seller/provider (linked to their page) with
 * university and shop link.
 */
export function ListingDetail(props: ListingDetailProps) {
  const { title, price, description, category, categoryTo, views, createdAt, sold, shop } = props;
  const listed = formatShortDate(createdAt);
  return (
    <Container sx={{ py: 3 }}>
      <Link
        component={RouterLink}
        to={props.back.to}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" />
        {props.back.label}
      </Link>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '7fr 5fr' },
          gap: { xs: 2, md: 4 },
        }}
      >
        <PhotoGallery
          title={title}
          coverImage={props.coverImage}
          coverThumbnail={props.coverThumbnail}
          photos={props.photos}
        />
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, color: 'primary.main' }}>
              {formatKes(price)}
            </Typography>
            {sold ? <Chip label="Sold" color="secondary" size="small" /> : null}
            {props.reserved && !sold ? <ReservedBadge /> : null}
            {props.save ?? null}
          </Stack>
          {props.facts && props.facts.length > 0 ? (
            <Box
              component="dl"
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0, mb: 1.5 }}
            >
              {props.facts.map(([term, value]) => (
                <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {term}:
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          {props.beforeChat}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ChatLinkButton href={props.chatHref} size="large" fullWidth>
              Contact on WhatsApp
            </ChatLinkButton>
            {props.chatActions}
          </Stack>
          {props.afterChat}
          <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', my: 2, flexWrap: 'wrap' }}>
            {typeof views === 'number' ? (
              <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <VisibilityIcon fontSize="small" aria-hidden />
                {views === 1 ? '1 view' : `${views} views`}
              </Typography>
            ) : null}
            {listed ? <Typography variant="body2">Listed {listed}</Typography> : null}
          </Stack>
          {category ? (
            <Typography variant="body2" sx={{ mb: 2 }}>
              Category:{' '}
              {categoryTo ? (
                <Link component={RouterLink} to={categoryTo}>
                  {category === 'other' ? 'Other' : category}
                </Link>
              ) : (
                category
              )}
            </Typography>
          ) : null}
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            Description
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 3 }}>
            {description || 'No description available'}
          </Typography>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {props.personRole}
          </Typography>
          <Stack spacing={1}>
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <PersonIcon fontSize="small" aria-hidden />
              {props.personTo ? (
                <Link component={RouterLink} to={props.personTo}>
                  {props.personName}
                </Link>
              ) : (
                props.personName
              )}
              {props.personBadge}
            </Typography>
            {props.university ? (
              <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <SchoolIcon fontSize="small" aria-hidden />
                {props.university}
              </Typography>
            ) : null}
            {shop?._id ? (
              <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <StorefrontIcon fontSize="small" aria-hidden />
                <Link component={RouterLink} to={`/shop/${shop._id}`}>
                  Visit {shop.name || 'the shop'}
                </Link>
              </Typography>
            ) : null}
          </Stack>
        </Box>
      </Box>
    </Container>
  );
}
