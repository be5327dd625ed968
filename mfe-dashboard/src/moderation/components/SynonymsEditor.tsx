import { TextField } from '@campus/mui-overlays';
import { apiClient, apiErrorMessage } from '@campus/shared';
import type { AnswerOf } from '@campus/shared/contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

/** One synonym group (docs/product.md §31): `words` mean the same; `narrower` are kinds of them. */
export type SynonymGroup = AnswerOf<'GET /admin/synonyms'>['data']['groups'][number];

/** The groups as the editor's text: one group a line, `laptop, notebook > hp, dell`. */
export function groupsToText(groups: readonly SynonymGroup[]): string {
  return groups
    .map(
      (group) =>
        group.words.join(', ') + (group.narrower.length > 0 ? ` > ${group.narrower.join(', ')}` : ''),
    )
    .join('\n');
}

/** The editor's text as groups: blank lines skipped; terms split on commas, narrower after `>`. */
export function textToGroups(text: string): SynonymGroup[] {
  const terms = (part: string | undefined) =>
    (part ?? '')
      .split(',')
      .map((term) => term.trim())
      .filter((term) => term !== '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [words, narrower] = line.split('>');
      return { words: terms(words), narrower: terms(narrower) };
    });
}

export const SYNONYMS_SAVED = 'Synonyms saved. The next search uses them.';

/**
 * The search synonyms of the moderation desk (docs/product.md §31, admins): the groups of `GET
 * /admin/synonyms` as text, one group a line (`words > narrower`), saved whole with `PUT
 * /admin/synonyms` (audited; effective at once). Loads when mounted.
 */
export function SynonymsEditor() {
  const [text, setText] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    apiClient
      .call('GET /admin/synonyms')
      .then((answer) => live && setText(groupsToText(answer.data.groups)))
      .catch(
        (error: unknown) =>
          live && setMessage({ kind: 'error', text: apiErrorMessage(error, 'Could not load the synonyms.') }),
      );
    return () => {
      live = false;
    };
  }, []);
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await apiClient.call('PUT /admin/synonyms', {
        body: { groups: textToGroups(text ?? '') },
      });
      setText(groupsToText(answer.data.groups));
      setMessage({ kind: 'success', text: SYNONYMS_SAVED });
    } catch (error) {
      setMessage({ kind: 'error', text: apiErrorMessage(error, 'Could not save the synonyms.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        One group a line: words that mean the same, then after &gt; the kinds they also find (e.g. laptop,
        notebook &gt; hp, dell).
      </Typography>
      {text === null && !message ? <Typography>Loading synonyms…</Typography> : null}
      {text !== null ? (
        <TextField
          label="Search synonyms"
          multiline
          minRows={6}
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={busy}
          sx={{ mb: 1 }}
        />
      ) : null}
      {message ? (
        <Alert severity={message.kind} sx={{ mb: 1 }}>
          {message.text}
        </Alert>
      ) : null}
      {text !== null ? (
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving...' : 'Save synonyms'}
        </Button>
      ) : null}
    </Box>
  );
}
