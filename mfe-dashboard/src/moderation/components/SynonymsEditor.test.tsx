import { renderPage, setupFakeApi } from '@campus/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupsToText, SYNONYMS_SAVED, SynonymsEditor, textToGroups } from './SynonymsEditor';

const api = setupFakeApi();

describe('SynonymsEditor (docs/product.md §31)', () => {
  it('turns groups into lines and back', () => {
    const groups = [
      { words: ['laptop', 'notebook'], narrower: ['hp', 'dell'] },
      { words: ['simu', 'phone'], narrower: [] },
    ];
    expect(groupsToText(groups)).toBe('laptop, notebook > hp, dell\nsimu, phone');
    expect(textToGroups('laptop, notebook > hp, dell\n\n simu ,phone \n')).toEqual(groups);
  });

  it('loads the groups, saves the edited text with PUT and says so', async () => {
    api.respond = (request) => {
      if (request.method === 'GET' && request.path === '/admin/synonyms')
        return {
          body: {
            status: 'success',
            data: { groups: [{ words: ['laptop', 'notebook'], narrower: ['hp'] }] },
          },
        };
      if (request.method === 'PUT' && request.path === '/admin/synonyms')
        return { body: { status: 'success', data: request.body } };
      return { status: 404, body: { status: 'fail', message: 'Not found' } };
    };
    const user = userEvent.setup();
    renderPage(<SynonymsEditor />, { path: '/app/moderation', route: '/app/moderation' });
    const field = await screen.findByLabelText('Search synonyms');
    expect(field).toHaveValue('laptop, notebook > hp');
    await user.click(field);
    await user.keyboard('{End}');
    await user.type(field, '{Enter}jembe, hoe');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText(SYNONYMS_SAVED)).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/admin/synonyms')[0]?.body).toEqual({
      groups: [
        { words: ['laptop', 'notebook'], narrower: ['hp'] },
        { words: ['jembe', 'hoe'], narrower: [] },
      ],
    });
  });
});
