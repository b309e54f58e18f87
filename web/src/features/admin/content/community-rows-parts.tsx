/**
 * The community modal's row lists (useFieldArray): home models and builders. A row is added empty with the focus
 * on its name; removing a row clears the list's errors (the rows after it move up, so their errors' indexes are
 * stale; the next submit finds what is still wrong).
 */
import type { ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Icon } from '@/components/icon';
import { emptyBuilderRow, emptyHomeRow, type BuilderRow, type HomeRow } from './community-form';
import { CommunityPart, InputField, TextAreaField, useCommunityForm, type PartProps } from './community-part';
import { PLUS, TRASH } from './icons';
import { BATHROOM_COUNT, ROOM_COUNT, WHOLE_NUMBER } from './record-fields';

interface RowsPartProps extends PartProps {
  /** Moves the focus to a field by id after the next render. */
  focusField: (id: string) => void;
}

const HOME_FIELDS = [
  { field: 'name', label: 'Name', required: true },
  { field: 'price', label: 'Price', placeholder: 'e.g. 349990' },
  { field: 'bedrooms', label: 'Bedrooms', ...ROOM_COUNT },
  { field: 'bathrooms', label: 'Bathrooms', ...BATHROOM_COUNT },
  { field: 'sqft', label: 'Sq ft', ...WHOLE_NUMBER },
] as const;

const BUILDER_FIELDS = [
  { field: 'name', label: 'Name', required: true },
  { field: 'contact', label: 'Contact', placeholder: 'Phone or email' },
] as const;

export function CommunityHomesPart(props: RowsPartProps) {
  return (
    <RowsPart
      {...props}
      part="homes"
      title="Home models"
      noun="home model"
      hint={(count) => (
        <p className="content-hint">
          {count === 0 ? 'No home models yet. ' : ''}A price can be a number (349990) or a text such as “From the
          $300s”.
        </p>
      )}
      newRow={emptyHomeRow}
    >
      {(index, idOf) => (
        <div className="row-group__grid row-group__grid--homes">
          {HOME_FIELDS.map(({ field, ...input }) => (
            <InputField key={field} name={`homes.${index}.${field}`} id={idOf(field)} {...input} />
          ))}
        </div>
      )}
    </RowsPart>
  );
}

export function CommunityBuildersPart(props: RowsPartProps) {
  return (
    <RowsPart
      {...props}
      part="builders"
      title="Builders"
      noun="builder"
      hint={(count) => count === 0 && <p className="content-hint">No builders yet.</p>}
      newRow={emptyBuilderRow}
    >
      {(index, idOf) => (
        <>
          <div className="row-group__grid">
            {BUILDER_FIELDS.map(({ field, ...input }) => (
              <InputField key={field} name={`builders.${index}.${field}`} id={idOf(field)} {...input} />
            ))}
          </div>
          <TextAreaField name={`builders.${index}.description`} id={idOf('description')} label="Description" rows={2} />
        </>
      )}
    </RowsPart>
  );
}

/** The id prefix of a list's fields: `community-home-2-price`. */
const ROW_IDS = { homes: 'community-home', builders: 'community-builder' } as const;

interface RowsPartOwnProps extends RowsPartProps {
  part: keyof typeof ROW_IDS;
  title: string;
  /** A row's name in the legend ("Home model 2") and on its buttons ("Remove home model 2", "Add home model"). */
  noun: string;
  /** The text above the rows, given how many there are. */
  hint: (count: number) => ReactNode;
  newRow: () => HomeRow | BuilderRow;
  /** A row's fields; `idOf` gives the id of one of its fields. */
  children: (index: number, idOf: (field: string) => string) => ReactNode;
}

function RowsPart({ parts, focusField, part, title, noun, hint, newRow, children }: RowsPartOwnProps) {
  const { control, clearErrors } = useCommunityForm();
  const { fields, append, remove } = useFieldArray({ control, name: part });
  const legend = noun.charAt(0).toUpperCase() + noun.slice(1);
  const idOf = (index: number) => (field: string) => `${ROW_IDS[part]}-${index}-${field}`;
  return (
    <CommunityPart parts={parts} part={part} title={title} count={fields.length}>
      {hint(fields.length)}
      {fields.map((row, index) => (
        <fieldset key={row.id} className="form-group row-group">
          <legend>
            {legend} {index + 1}
          </legend>
          {children(index, idOf(index))}
          <button
            type="button"
            className="button button--ghost row-group__remove"
            onClick={() => {
              remove(index);
              clearErrors(part);
            }}
          >
            <Icon svg={TRASH} size={16} />
            Remove {noun} {index + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          append(newRow(), { shouldFocus: false });
          focusField(idOf(fields.length)('name'));
        }}
      >
        <Icon svg={PLUS} size={16} />
        Add {noun}
      </button>
    </CommunityPart>
  );
}
