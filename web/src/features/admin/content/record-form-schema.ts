/**
 * The zod schema an admin record form hands to react-hook-form's zodResolver. It wraps the form's own pure check
 * (validateCommunityForm, validateListingForm, validatePropertyForm: the same functions the unit tests call), so
 * every message and its path stay what they were: the domain schema's path, which is also the path of the server's
 * 400 details (`name`, `homes.0.name`, `salesOfficeHours.mon.close`). A valid form's output is its API input.
 */
import { z } from '@domain/schemas/zod';
import type { FieldErrors } from './save-errors';

export function recordFormSchema<Form, Input>(validate: (form: Form) => FieldErrors, toInput: (form: Form) => Input) {
  return z
    .custom<Form>()
    .superRefine((form, context) => {
      for (const [path, message] of Object.entries(validate(form))) {
        context.addIssue({ code: 'custom', message, path: path.split('.') });
      }
    })
    .transform(toInput);
}
