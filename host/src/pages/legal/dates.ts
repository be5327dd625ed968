/** Date shown as 'Last updated' on the Privacy Policy and the Terms (change it with the text). */
export const LEGAL_LAST_UPDATED = '21 November 2026';
