/**
 * The community modal's "Theme" part: the primary colour (with a warning when white text on it is hard to read)
 * and the corner radii, shown on a small preview of a button and a card.
 */
import { useWatch } from 'react-hook-form';
import { contrastRatio } from '@/utils/format';
import { ColorField, isHexColor } from './color-field';
import { CommunityPart, InputField, useCommunityForm, useField, type PartProps } from './community-part';

const WHITE = '#FFFFFF';
const AA_CONTRAST = 4.5;

export function CommunityThemePart({ parts }: PartProps) {
  const { control } = useCommunityForm();
  const primaryColor = useField('theme.primaryColor');
  const [borderRadius, borderRadiusLarge] = useWatch({
    control,
    name: ['theme.borderRadius', 'theme.borderRadiusLarge'],
  });
  const primary = primaryColor.value.trim();
  const contrast = isHexColor(primary) ? contrastRatio(WHITE, primary) : undefined;
  const lowContrast = contrast !== undefined && contrast < AA_CONTRAST;

  return (
    <CommunityPart parts={parts} part="theme" title="Theme">
      <ColorField
        id="community-primary-color"
        label="Primary colour"
        value={primaryColor.value}
        error={primaryColor.error}
        describedBy={lowContrast ? 'community-contrast-warning' : undefined}
        onChange={primaryColor.onChange}
      />
      <div aria-live="polite">
        {lowContrast && (
          <p className="admin-alert content-alert--warning" data-tone="warning" id="community-contrast-warning">
            White text on {primary.toUpperCase()} has a contrast of {contrast.toFixed(2)}:1, below the 4.5:1 needed for
            readable text. The public site will darken this colour for buttons and links; choose a darker colour to use
            it as it is.
          </p>
        )}
      </div>
      <div className="form__row">
        <InputField name="theme.borderRadius" id="community-border-radius" label="Border radius" placeholder="12px" />
        <InputField
          name="theme.borderRadiusLarge"
          id="community-border-radius-large"
          label="Large border radius"
          placeholder="16px"
        />
      </div>
      <div className="theme-preview" aria-hidden="true">
        <span
          className="theme-preview__button"
          style={{ background: isHexColor(primary) ? primary : undefined, borderRadius: borderRadius || undefined }}
        >
          Schedule a Visit
        </span>
        <span className="theme-preview__card" style={{ borderRadius: borderRadiusLarge || undefined }}>
          Card corners
        </span>
      </div>
    </CommunityPart>
  );
}
