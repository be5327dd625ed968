/**
 * Text of the Terms and Conditions (docs/product.md §2 "Privacy Policy and Terms": seven sections, in this
 * order: acceptance, accounts, user content, prohibited activities, liability limit,
 * modifications, governing law (Kenya)).
 */

import { PRODUCT_NAME } from '@campus/shared';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { LegalSectionContent } from './LegalSection';

/** How many sections show before 'Show Full Terms' (docs/product.md §2). */
export const TERMS_PREVIEW_COUNT = 3;

/**
 * Anchor of the "Prohibited items" list inside section 4 (docs/product.md §19.6): the report dialog's
 * `prohibited` reason links to `/terms-and-conditions#prohibited-items`.
 */
export const PROHIBITED_ITEMS_ID = 'prohibited-items';

export const TERMS_SECTIONS: readonly LegalSectionContent[] = [
  {
    id: 'acceptance-of-terms',
    title: '1. Acceptance of Terms',
    body: (
      <>
        <p>
          By using {PRODUCT_NAME}, whether you only browse, create an account or post a listing, you agree to
          these Terms and Conditions and to our{' '}
          <Link component={RouterLink} to="/privacy-policy">
            Privacy Policy
          </Link>
          . If you do not agree, please do not use the site.
        </p>
        <p>
          {PRODUCT_NAME} is meant for university students in Kenya. You must be at least 18 years old, or have
          the permission of a parent or guardian, to create an account.
        </p>
      </>
    ),
  },
  {
    id: 'user-accounts',
    title: '2. User Accounts',
    body: (
      <ul>
        <li>
          Give true details when you sign up: your real name, an e-mail address you can read, your own
          WhatsApp number (254 followed by 9 digits) and your university. You must verify your e-mail address
          before you can log in.
        </li>
        <li>
          One person, one account. Do not create accounts for someone else or pretend to be someone else.
        </li>
        <li>
          Keep your password secret. You are responsible for what happens under your account; tell us at once
          if you think someone else is using it.
        </li>
        <li>We may suspend or close accounts that break these terms.</li>
      </ul>
    ),
  },
  {
    id: 'user-content',
    title: '3. User Content',
    body: (
      <>
        <p>
          Your listings, shop details and photos stay yours. By posting them you allow {PRODUCT_NAME} to
          store, resize, re-encode and show them on the site for as long as they are published.
        </p>
        <ul>
          <li>
            Describe items and services honestly, with a fair price in Kenyan shillings and photos of the real
            item.
          </li>
          <li>Post only what you have the right to sell and photos you took or may use.</li>
          <li>Mark an item as sold, or delete it, once it is gone.</li>
        </ul>
        <p>We may remove content that breaks these terms, without notice.</p>
      </>
    ),
  },
  {
    id: 'prohibited-activities',
    title: '4. Prohibited Activities',
    body: (
      <>
        <p>You may not use {PRODUCT_NAME} to:</p>
        <ul>
          <li>
            sell stolen or counterfeit goods, weapons, drugs, alcohol, tobacco, medicines or anything else
            that is illegal in Kenya;
          </li>
          <li>
            sell exam papers, or offer to write assignments or sit exams for others (tutoring is welcome;
            cheating is not);
          </li>
          <li>
            scam other users, take payment for items you do not have, or ask for payment before a meeting;
          </li>
          <li>harass, threaten or discriminate against anyone, or post offensive or sexual content;</li>
          <li>
            send spam, post the same listing many times, or advertise businesses unrelated to campus life;
          </li>
          <li>
            copy the site's data in bulk, probe or overload the service, or get around its security or rate
            limits.
          </li>
        </ul>
        <Box
          component="section"
          id={PROHIBITED_ITEMS_ID}
          aria-labelledby={`${PROHIBITED_ITEMS_ID}-heading`}
          sx={{ scrollMarginTop: 16 }}
        >
          <Typography variant="h3" id={`${PROHIBITED_ITEMS_ID}-heading`} sx={{ fontSize: '1.15rem', mb: 1 }}>
            Prohibited items
          </Typography>
          <p>These may never be listed, whatever the price or the wording:</p>
          <ul>
            <li>weapons of any kind, including knives sold as weapons, replicas and ammunition;</li>
            <li>drugs and drug paraphernalia, and prescription medicines;</li>
            <li>alcohol or tobacco sold to anyone under 18;</li>
            <li>stolen goods, or anything you cannot prove is yours to sell;</li>
            <li>
              exam papers, leaked or past papers sold as upcoming exams, and marked assignments to copy;
            </li>
            <li>counterfeit or fake-brand goods, and pirated software, films or books.</li>
          </ul>
          <p>
            Listings of prohibited items are hidden and may be reported to the university or the police;
            accounts that post them are suspended. Use "Report" on any listing you think breaks these rules.
          </p>
        </Box>
      </>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: '5. Limitation of Liability',
    body: (
      <>
        <p>
          {PRODUCT_NAME} is a meeting place. Sales and services are agreed directly between students, and we
          are not a party to them. We do not inspect items, check sellers or hold payments, and we cannot
          guarantee the quality, safety or legality of what is listed, or that a buyer or seller will keep
          their word.
        </p>
        <p>
          The site is provided "as is". To the fullest extent allowed by Kenyan law, {PRODUCT_NAME} is not
          liable for any loss or damage arising from deals between users, from content posted by users, or
          from the site being unavailable. Nothing in these terms limits rights you have under the Consumer
          Protection Act, 2012 that cannot be limited by agreement.
        </p>
      </>
    ),
  },
  {
    id: 'modifications-to-terms',
    title: '6. Modifications to Terms',
    body: (
      <p>
        We may change these terms as the site grows. The date at the top shows the latest version, and we
        announce important changes on the site before they apply. If you keep using {PRODUCT_NAME} after a
        change, the new terms apply to you.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: '7. Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the Republic of Kenya. If a dispute arises, please{' '}
        <Link component={RouterLink} to="/contact">
          contact us
        </Link>{' '}
        first so we can try to settle it; otherwise the courts of Kenya have jurisdiction.
      </p>
    ),
  },
];
