/**
 * The community modal's "Page sections" part: each section of the public community page can be hidden and has its
 * own texts; the hero's background is a colour or an image.
 */
import type { ReactNode } from 'react';
import type { CommunitySections } from '@domain/index';
import { HERO_BACKGROUND_RULE } from './banner-rule';
import { ColorField } from './color-field';
import {
  CheckboxField,
  CommunityPart,
  InputField,
  TextAreaField,
  useField,
  type UploadPartProps,
} from './community-part';
import { ImageUpload } from './image-upload';

export function CommunitySectionsPart({ parts, onUploadBusy }: UploadPartProps) {
  return (
    <CommunityPart parts={parts} part="sections" title="Page sections">
      <PageSection section="hero" legend="Hero">
        <InputField name="sections.hero.title" id="community-hero-title" label="Hero title" />
        <TextAreaField name="sections.hero.subtitle" id="community-hero-subtitle" label="Hero subtitle" rows={2} />
        <HeroBackground onUploadBusy={onUploadBusy} />
      </PageSection>
      <PageSection section="about" legend="About">
        <TextAreaField name="sections.about.content" id="community-about-content" label="About content" rows={5} />
      </PageSection>
      <PageSection section="homes" legend="Homes">
        <InputField name="sections.homes.title" id="community-homes-title" label="Homes section title" />
      </PageSection>
      <PageSection section="builders" legend="Builders">
        <InputField name="sections.builders.title" id="community-builders-title" label="Builders section title" />
      </PageSection>
    </CommunityPart>
  );
}

/** One section's group: its name, the switch that shows or hides it, and its fields. */
function PageSection({
  section,
  legend,
  children,
}: {
  section: keyof CommunitySections;
  legend: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="form-group">
      <legend>{legend}</legend>
      <CheckboxField
        name={`sections.${section}.visible`}
        id={`community-${section}-visible`}
        label={`Show the ${section} section`}
      />
      {children}
    </fieldset>
  );
}

const BACKGROUND_TYPES = ['color', 'image'] as const;

function HeroBackground({ onUploadBusy }: Pick<UploadPartProps, 'onUploadBusy'>) {
  const type = useField('sections.hero.backgroundType');
  const color = useField('sections.hero.backgroundColor');
  const image = useField('sections.hero.backgroundImage');
  return (
    <>
      <fieldset className="radio-group">
        <legend>Hero background</legend>
        {BACKGROUND_TYPES.map((option) => (
          <label key={option} className="radio-group__option">
            <input
              type="radio"
              name="community-hero-background-type"
              value={option}
              checked={type.value === option}
              onChange={() => type.onChange(option)}
            />
            {option === 'color' ? 'Colour' : 'Image'}
          </label>
        ))}
        <p className="field__hint">{HERO_BACKGROUND_RULE}</p>
      </fieldset>
      {type.value === 'color' ? (
        <ColorField
          id="community-hero-background-color"
          label="Hero background colour"
          value={color.value}
          error={color.error}
          onChange={color.onChange}
        />
      ) : (
        <ImageUpload
          label="Hero background image"
          value={image.value}
          alt="Hero background preview"
          error={image.error}
          onChange={image.onChange}
          onBusyChange={onUploadBusy}
        />
      )}
    </>
  );
}
