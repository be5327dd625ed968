import { TAP_TARGET_PX, theme } from '@campus/shared';
import { styled } from '@mui/material';
import { MaskIcon } from './MaskIcons';

type Size = 'small' | 'medium' | 'large';

interface ChatLinkButtonProps {
  /** The API's counted chat route (`chatRoute(...)`, docs/product.md §20.6), which redirects to the docs/product.md §7 wa.me link. */
  href: string;
  /** Accessible name when the visible text is not enough, e.g. 'Chat with Brian on WhatsApp about Casio fx-991'. */
  label?: string;
  /** Visible text; default 'Chat'. */
  children?: string;
  /** MUI Button's sizes (padding, text and icon size); default 'small'. */
  size?: Size;
  fullWidth?: boolean;
}

const { palette, shadows, typography, shape, breakpoints, transitions } = theme;

/** MUI Button's size steps: padding (px), text size and line height, start icon size and offset (px). */
const SIZES: Record<Size, { padding: string; fontSize: string; icon: number; iconOffset: number }> = {
  small: { padding: '4px 10px', fontSize: '0.8125rem', icon: 18, iconOffset: -2 },
  medium: { padding: '6px 16px', fontSize: '0.875rem', icon: 20, iconOffset: -4 },
  large: { padding: '8px 22px', fontSize: '0.9375rem', icon: 22, iconOffset: -4 },
};

/*
 * A contained primary MUI Button, as static styles on the anchor itself (docs/product.md §23, ADR 0017): a
 * list page shows 20 of these, and MUI's Button (ButtonBase, its variant table, the icon slot)
 * runs its style functions and component logic for each while the page hydrates. Computed sizes,
 * colours, shadows, phone tap target (44 px) and focus ring are Button's; touch feedback is the
 * pressed shadow and the darker colour instead of the ripple.
 */
const ChatAnchor = styled('a')({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  minWidth: 64,
  margin: 0,
  border: 0,
  borderRadius: shape.borderRadius,
  verticalAlign: 'middle',
  ...typography.button,
  textDecoration: 'none',
  // One line: 'Contact on WhatsApp' never wraps inside the button (docs/product.md §21.13).
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
  color: palette.primary.contrastText,
  backgroundColor: palette.primary.main,
  boxShadow: shadows[2],
  WebkitTapHighlightColor: 'transparent',
  cursor: 'pointer',
  userSelect: 'none',
  transition: transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
    duration: transitions.duration.short,
  }),
  '&:hover': { backgroundColor: palette.primary.dark, boxShadow: shadows[4] },
  '@media (hover: none)': { '&:hover': { backgroundColor: palette.primary.main, boxShadow: shadows[2] } },
  '&:focus-visible': { boxShadow: shadows[6] },
  '&:active': { backgroundColor: palette.primary.dark, boxShadow: shadows[8] },
  '&[data-full-width]': { width: '100%' },
  ...Object.fromEntries(
    Object.entries(SIZES).map(([size, step]) => [
      `&[data-size="${size}"]`,
      {
        padding: step.padding,
        fontSize: step.fontSize,
        '& > span': { marginLeft: step.iconOffset, fontSize: step.icon },
      },
    ]),
  ),
  '& > span': { display: 'inherit', marginRight: 8 },
  [breakpoints.down('md')]: { minHeight: TAP_TARGET_PX, minWidth: TAP_TARGET_PX },
});

/**
 * Outbound WhatsApp chat link (docs/product.md §7; ARCHITECTURE "Chat links"; through the API's counted chat
 * route, docs/product.md §20.6, still a real `<a href>` that works without JavaScript): a plain anchor with
 * target="_blank" rel="noopener noreferrer" and an accessible name, styled as a contained button in
 * the brand green with the WhatsApp icon before its text.
 */
export function ChatLinkButton({
  href,
  label,
  children = 'Chat',
  size = 'small',
  fullWidth,
}: ChatLinkButtonProps) {
  return (
    <ChatAnchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-size={size}
      data-full-width={fullWidth ? '' : undefined}
    >
      <span>
        <MaskIcon shape="WhatsApp" />
      </span>
      {children}
    </ChatAnchor>
  );
}
