/**
 * Contact details shown on the Contact Us page. The spec shows placeholder information (docs/product.md §2
 * "Contact Us"); replace these with the operator's real details before going live.
 */
export const CONTACT_INFO = {
  email: 'support@campussoko.example',
  phone: '+254 700 000 000',
  location: 'Nairobi, Kenya',
  hours: 'Monday to Friday, 9:00 to 17:00 (EAT)',
} as const;
