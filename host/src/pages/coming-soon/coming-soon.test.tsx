/**
 * Coming Soon (docs/product.md §2): countdown arithmetic, the page's per-second updates with fake timers,
 * the launched state once the date has passed, and the 'Notify Me' form.
 */

import { DEFAULT_LAUNCH_DATE } from '@campus/shared';
import { type FakeApi, renderPage, startFakeApi } from '@campus/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComingSoonPage } from '../ComingSoonPage';
import { countdownParts, formatLaunchDate, resolveLaunchDate } from './countdown';

const LAUNCH = new Date('2024-11-30T23:59:59+03:00');
const at = (iso: string) => new Date(iso);

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    // 2 days, 3 hours, 4 minutes, 5 seconds before launch.
    expect(countdownParts(LAUNCH, at('2024-11-28T20:55:54+03:00'))).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalMs: ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000,
      isPast: false,
    });
  });

  it('rounds down to the whole second', () => {
    const parts = countdownParts(LAUNCH, new Date(LAUNCH.getTime() - 1500));
    expect(parts).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 1, isPast: false });
  });

  it('handles exact unit boundaries', () => {
    expect(countdownParts(LAUNCH, new Date(LAUNCH.getTime() - 24 * 3600 * 1000))).toMatchObject({
      days: 1,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(countdownParts(LAUNCH, new Date(LAUNCH.getTime() - 59 * 1000))).toMatchObject({
      minutes: 0,
      seconds: 59,
    });
    expect(countdownParts(LAUNCH, new Date(LAUNCH.getTime() - 60 * 1000))).toMatchObject({
      minutes: 1,
      seconds: 0,
    });
  });

  it('is all zeros and past at and after the target, and for an invalid date', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0, isPast: true };
    expect(countdownParts(LAUNCH, LAUNCH)).toEqual(zero);
    expect(countdownParts(LAUNCH, at('2026-01-01T00:00:00Z'))).toEqual(zero);
    expect(countdownParts(new Date('nonsense'), LAUNCH)).toEqual(zero);
  });
});

describe('resolveLaunchDate / formatLaunchDate', () => {
  it('uses the given date when valid, else the default end of November 2024', () => {
    expect(resolveLaunchDate('2025-02-01T09:00:00+03:00').toISOString()).toBe('2025-02-01T06:00:00.000Z');
    expect(resolveLaunchDate(undefined).getTime()).toBe(new Date(DEFAULT_LAUNCH_DATE).getTime());
    expect(resolveLaunchDate('not a date').getTime()).toBe(LAUNCH.getTime());
  });

  it('shows the date in Kenyan time', () => {
    expect(formatLaunchDate(LAUNCH)).toMatch(/30 November 2024/);
    expect(formatLaunchDate(LAUNCH)).toMatch(/23:59|11:59/);
  });
});

const unit = (name: string) => screen.getByTestId(`countdown-${name}`).textContent;

describe('ComingSoonPage countdown', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('counts down every second to the configured date', () => {
    jest.useFakeTimers({ now: at('2024-11-28T20:55:54+03:00') });
    renderPage(<ComingSoonPage />, '/coming-soon');
    expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left until launch' })).toBeInTheDocument();
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual([
      '02 Days',
      '03 Hours',
      '04 Minutes',
      '05 Seconds',
    ]);

    act(() => jest.advanceTimersByTime(1000));
    expect(unit('seconds')).toBe('04 Seconds');
    act(() => jest.advanceTimersByTime(5000));
    expect(unit('seconds')).toBe('59 Seconds');
    expect(unit('minutes')).toBe('03 Minutes');
  });

  it('switches to the launched state when the date passes, with a link to the products', () => {
    jest.useFakeTimers({ now: new Date(LAUNCH.getTime() - 2000) });
    renderPage(<ComingSoonPage />, '/coming-soon');
    expect(unit('seconds')).toBe('02 Seconds');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'We have launched!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('shows the launched state at once for a past date (the default date, seen today)', () => {
    jest.useFakeTimers({ now: at('2026-03-01T12:00:00Z') });
    renderPage(<ComingSoonPage />, '/coming-soon');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'We have launched!' })).toBeInTheDocument();
    expect(screen.getByText(/opened on .*30 November 2024/)).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('accepts another launch date as a prop', () => {
    jest.useFakeTimers({ now: at('2030-01-01T00:00:00+03:00') });
    renderPage(<ComingSoonPage launchDate="2030-01-11T00:00:00+03:00" />, '/coming-soon');
    expect(unit('days')).toBe('10 Days');
  });
});

describe("'Notify Me'", () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi(() => ({
      status: 201,
      body: { status: 'success', message: "Thanks! We'll e-mail you when we launch." },
    }));
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
  });

  it('requires an e-mail in e-mail format', async () => {
    renderPage(<ComingSoonPage />, '/coming-soon');
    await userEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    await userEvent.type(email, 'amina@');
    await userEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('stores the e-mail through POST /subscribers, shows the notice and clears the field', async () => {
    renderPage(<ComingSoonPage />, '/coming-soon');
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, '  amina@strathmore.edu {Enter}');
    expect(await screen.findByText("Thanks! We'll e-mail you when we launch.")).toBeInTheDocument();
    expect(api.requests).toMatchObject([
      { method: 'POST', url: '/api/v1/subscribers', body: { email: 'amina@strathmore.edu' } },
    ]);
    await waitFor(() => expect(email).toHaveValue(''));
  });

  it("shows the server's message when it refuses", async () => {
    api.respond = () => ({
      status: 429,
      body: { status: 'fail', message: 'Too many requests, please try again in 42 seconds.' },
    });
    renderPage(<ComingSoonPage />, '/coming-soon');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'amina@strathmore.edu{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests, please try again in 42 seconds.',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('amina@strathmore.edu');
  });
});
