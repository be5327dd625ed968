/**
 * Text of the Privacy Policy (docs/product.md §2 "Privacy Policy and Terms": six sections). It describes
 * what this site really does (docs/product.md §17): accounts with an argon2id password hash, listings with
 * re-encoded pictures stripped of EXIF/location, verification and reset e-mails, WhatsApp links
 * opened in the visitor's own app, stored contact messages and Notify Me addresses.
 */

import { PRODUCT_NAME } from '@campus/shared';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { LegalSectionContent } from './LegalSection';

export const PRIVACY_SECTIONS: readonly LegalSectionContent[] = [
  {
    id: 'information-we-collect',
    title: '1. Information We Collect',
    body: (
      <>
        <p>We collect only what the marketplace needs to work:</p>
        <ul>
          <li>
            <strong>Your account:</strong> your first and last name, e-mail address, WhatsApp number, the
            university you choose when you sign up, and your password. We never store your password as you
            typed it: we keep only an argon2id hash of it, from which the password cannot be read back. You
            may add a profile photo and shop details (shop name, description, address and phone number).
          </li>
          <li>
            <strong>Your listings:</strong> the products and services you post, with their title, description,
            price in Kenyan shillings, category and photos, and how many times each listing has been viewed.
            Every photo you upload is re-encoded by our server, which removes its hidden EXIF data, including
            the camera details and the GPS location where it was taken.
          </li>
          <li>
            <strong>Messages you send us:</strong> what you write in the feedback and message forms on the
            Contact Us page (your name, e-mail address, rating or subject, and message), and the e-mail
            address you leave under "Notify Me" on the Coming Soon page.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, used to stop too many requests from one place
            (for example repeated login attempts), and short-lived server logs of requests used to fix errors.
            When you log in, your browser keeps your sign-in token and basic profile in its local storage, not
            in a tracking cookie. We use no advertising or analytics trackers.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-your-information',
    title: '2. How We Use Your Information',
    body: (
      <ul>
        <li>To create your account, sign you in and keep you signed in.</li>
        <li>
          To send you the e-mails the service needs: a link to verify your e-mail address when you sign up,
          and a link to reset your password when you ask for one. If you used "Notify Me", we e-mail you about
          the launch. We send no other marketing e-mails.
        </li>
        <li>
          To show your listings and shop to visitors, with your first name or shop name and your WhatsApp
          number, so that buyers can contact you.
        </li>
        <li>To read and answer your feedback and messages, and to improve {PRODUCT_NAME}.</li>
        <li>To keep the service safe: limiting repeated requests, and investigating fraud or abuse.</li>
      </ul>
    ),
  },
  {
    id: 'sharing-your-information',
    title: '3. Sharing Your Information',
    body: (
      <ul>
        <li>
          <strong>Public listings:</strong> your listings, your first name or shop name, your shop details and
          your WhatsApp number on your listings can be seen by anyone who visits the site, signed in or not.
          Do not put anything in a listing that you would not want to be public.
        </li>
        <li>
          <strong>WhatsApp:</strong> when a visitor taps a WhatsApp button, their own WhatsApp app (or
          WhatsApp Web) opens a chat with you and a prepared message. That chat happens between their device
          and WhatsApp; we do not see or keep it. WhatsApp's own privacy policy applies to it.
        </li>
        <li>
          <strong>We do not sell your data.</strong> We do not sell, rent or trade your personal data, and we
          do not share it with advertisers.
        </li>
        <li>
          <strong>Service providers and the law:</strong> companies that host the site or deliver our e-mails
          process data only on our behalf and only to do that job. We disclose information to authorities only
          when Kenyan law or a lawful order requires it.
        </li>
      </ul>
    ),
  },
  {
    id: 'data-security',
    title: '4. Data Security',
    body: (
      <>
        <ul>
          <li>Passwords are stored only as argon2id hashes.</li>
          <li>
            E-mail verification and password reset links can be used once and expire (after 24 hours and 1
            hour). Changing your password signs you out everywhere you were logged in.
          </li>
          <li>Only the owner of a listing, service or shop can change or delete it.</li>
          <li>Login attempts and forms are rate-limited to slow down password guessing and spam.</li>
        </ul>
        <p>
          No system is perfectly secure. Use a password you do not use elsewhere, and log out when you use a
          shared computer, for example in a library or a cyber café.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights-and-choices',
    title: '5. Your Rights and Choices',
    body: (
      <>
        <p>
          Under Kenya's Data Protection Act, 2019 you have the right to know what we hold about you, to have
          it corrected or deleted, and to object to how we use it.
        </p>
        <ul>
          <li>
            You can edit your profile (name, WhatsApp number, university and photo) at any time in Settings.
          </li>
          <li>You can edit your listings, mark them as sold, or delete them from your dashboard.</li>
          <li>
            To get a copy of your data, to delete your account, or to stop launch e-mails, write to us through
            the{' '}
            <Link component={RouterLink} to="/contact">
              Contact Us
            </Link>{' '}
            page.
          </li>
        </ul>
        <p>We keep your account data while your account exists, and delete it when you ask us to close it.</p>
      </>
    ),
  },
  {
    id: 'changes-to-this-policy',
    title: '6. Changes to This Policy',
    body: (
      <p>
        We may update this policy when the site changes. The date at the top shows the latest version, and we
        announce important changes on the site before they apply. Questions about this policy are welcome
        through the{' '}
        <Link component={RouterLink} to="/contact">
          Contact Us
        </Link>{' '}
        page.
      </p>
    ),
  },
];
