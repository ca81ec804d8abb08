import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver that loads the first time the form is checked (a blur or a submit): the page
 * that shows the form does not carry its schema and zod (about 20 KB compressed) in its first
 * download, only once someone has typed.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    resolver ??= load();
    return (await resolver)(values, context, options);
  };
}
