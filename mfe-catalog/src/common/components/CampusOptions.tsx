import { KE_UNIVERSITY_NAMES, universityShortName, useSession } from '@campus/shared';

/**
 * The `<option>`s of a campus select (docs/product.md §20.3 and §20.9): "All campuses" (value ''), "My
 * campus (<short name>)" when the signed-in user's university is a KE university, then every KE
 * university A-Z (value: the full name, the API's `university=`). Used by the list header and
 * the events filter; the server renders the guest's options.
 */
export function CampusOptions() {
  const { user } = useSession();
  const mine = user?.university && KE_UNIVERSITY_NAMES.includes(user.university) ? user.university : '';
  return (
    <>
      <option value="">All campuses</option>
      {mine ? <option value={mine}>{`My campus (${universityShortName(mine)})`}</option> : null}
      {KE_UNIVERSITY_NAMES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
