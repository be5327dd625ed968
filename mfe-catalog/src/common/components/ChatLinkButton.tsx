import { Button, WhatsAppIcon } from '@mui/material';

interface ChatLinkButtonProps {
  /** The API's counted chat route (`chatRoute(...)`, issue 13 item 6), which redirects to the spec-7 wa.me link. */
  href: string;
  /** Accessible name when the visible text is not enough, e.g. 'Chat with Brian on WhatsApp about Casio fx-991'. */
  label?: string;
  /** Visible text; default 'Chat'. */
  children?: string;
  size?: 'small' | 'medium' | 'large';
  variant?: 'text' | 'outlined' | 'contained';
  fullWidth?: boolean;
}

/**
 * Outbound WhatsApp chat link (spec 7; ARCHITECTURE "Chat links"; through the API's counted chat
 * route since issue 13 item 6, still a real `<a href>` that works without JavaScript): a plain anchor with
 * target="_blank" rel="noopener noreferrer" and an accessible name, styled as a button in the brand green.
 */
export function ChatLinkButton({
  href,
  label,
  children = 'Chat',
  size = 'small',
  variant = 'contained',
  fullWidth,
}: ChatLinkButtonProps) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      size={size}
      variant={variant}
      fullWidth={fullWidth}
      color="primary"
      startIcon={<WhatsAppIcon />}
      // One line: 'Contact on WhatsApp' never wraps inside the button (issue 14 item 13).
      sx={{ whiteSpace: 'nowrap' }}
    >
      {children}
    </Button>
  );
}
