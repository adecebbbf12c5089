/**
 * The drawing of a style option (issue 21 item 1: "each option has an image or drawing"),
 * inline SVG keyed by group and code, so the configurator needs no image request per option
 * and a new install seeds no pictures. An option an administrator gave a picture shows that
 * picture instead (StylePicture). The drawing is the radio's picture; its alt text is the
 * option's name.
 */
import { ResponsiveImage } from '~/features/media/responsive-image';

const COLOURS: [RegExp, string][] = [
  [/black|dark/, '#1f1f1f'],
  [/navy|royal/, '#1e3a8a'],
  [/grey|charcoal|smoke|silver/, '#6b7280'],
  [/brown|horn|wood|coconut/, '#7c4a21'],
  [/light/, '#c08a4e'],
  [/ivory|white|pearl|mop|bone|champagne/, '#f1ead8'],
  [/wine|burgundy|crimson|red|bandhani/, '#8b1e2d'],
  [/teal|peacock|bottle/, '#0f5e5a'],
  [/gold|brass|crest|zardozi|kundan|saffron|brocade|zari/, '#c59a2f'],
  [/paisley|floral|mughal|patola|map|stripe/, '#5b3a7a'],
];

function colourOf(code: string): string {
  return COLOURS.find(([pattern]) => pattern.test(code))?.[1] ?? '#9a6b3f';
}

const line = { fill: 'none', stroke: '#3b2f2a', strokeWidth: 3, strokeLinejoin: 'round' } as const;

function lapel(code: string) {
  const peak = code === 'peak';
  const shawl = code === 'shawl';
  const width = code === 'slim-notch' ? 10 : 18;
  return (
    <>
      <path d="M20 10 L50 60 L80 10" {...line} />
      {shawl ? (
        <path
          d={`M30 10 Q${24 - width / 3} 45 50 80 M70 10 Q${76 + width / 3} 45 50 80`}
          {...line}
        />
      ) : (
        <path
          d={`M30 10 L${30 - width} ${peak ? 22 : 30} L${30 - width + 8} ${peak ? 36 : 34} L50 80 M70 10 L${70 + width} ${peak ? 22 : 30} L${70 + width - 8} ${peak ? 36 : 34} L50 80`}
          {...line}
        />
      )}
      {peak && <path d={`M${30 - width} 22 l-6 -10 M${70 + width} 22 l6 -10`} {...line} />}
    </>
  );
}

function drawing(group: string, code: string) {
  const colour = colourOf(code);
  switch (group) {
    case 'lapel':
      return lapel(code);
    case 'button': {
      return (
        <>
          <circle cx="50" cy="50" r="32" fill={colour} stroke="#3b2f2a" strokeWidth="3" />
          <circle cx="50" cy="50" r="22" fill="none" stroke="#00000033" strokeWidth="3" />
          {[-7, 7].flatMap((dx) =>
            [-7, 7].map((dy) => (
              <circle key={`${dx}${dy}`} cx={50 + dx} cy={50 + dy} r="3.5" fill="#00000066" />
            )),
          )}
        </>
      );
    }
    case 'lining':
      return (
        <>
          <path
            d="M20 15 L50 30 L80 15 L80 88 L20 88 Z"
            fill={colour}
            stroke="#3b2f2a"
            strokeWidth="3"
          />
          {/silk|jacquard|brocade|patola|paisley/.test(code) && (
            <path
              d="M25 45 q12 -10 25 0 t25 0 M25 65 q12 -10 25 0 t25 0"
              {...line}
              stroke="#ffffff88"
            />
          )}
        </>
      );
    case 'pocket': {
      const slant = code === 'hacking' || code === 'slant';
      return (
        <>
          <rect x="12" y="12" width="76" height="76" rx="6" fill="#efe7da" />
          {code === 'patch' ? (
            <path d="M25 35 L75 35 L75 80 Q50 86 25 80 Z" {...line} />
          ) : (
            <path d={slant ? 'M22 58 L78 42' : 'M22 50 L78 50'} {...line} />
          )}
          {(code === 'flap' || code === 'ticket' || code === 'hacking') && (
            <path
              d={slant ? 'M22 58 L78 42 L78 56 L22 72 Z' : 'M22 50 L78 50 L78 64 L22 64 Z'}
              {...line}
            />
          )}
          {code === 'ticket' && <path d="M30 28 L70 28 L70 36 L30 36 Z" {...line} />}
        </>
      );
    }
    case 'vent':
      return (
        <>
          <path d="M22 10 L78 10 L84 90 L16 90 Z" fill="#efe7da" stroke="#3b2f2a" strokeWidth="3" />
          {code === 'centre' && <path d="M50 58 L50 90" {...line} />}
          {code === 'side' && <path d="M28 58 L26 90 M72 58 L74 90" {...line} />}
        </>
      );
    case 'collar':
      return code === 'mandarin' || code === 'prince' ? (
        <>
          <path d="M22 40 Q50 52 78 40 L78 22 Q50 32 22 22 Z" {...line} />
          <path d="M50 48 L50 90" {...line} />
        </>
      ) : code === 'round-neck' ? (
        <path d="M20 20 Q50 70 80 20" {...line} />
      ) : (
        <>
          <path d="M30 20 Q50 30 70 20" {...line} />
          <path
            d={
              code === 'spread' || code === 'cutaway'
                ? 'M30 20 L14 48 L48 40 M70 20 L86 48 L52 40'
                : code === 'wing'
                  ? 'M36 24 L30 34 L44 34 M64 24 L70 34 L56 34'
                  : 'M30 20 L30 60 L48 42 M70 20 L70 60 L52 42'
            }
            {...line}
          />
          {code === 'button-down' && (
            <>
              <circle cx="33" cy="54" r="3" fill="#3b2f2a" />
              <circle cx="67" cy="54" r="3" fill="#3b2f2a" />
            </>
          )}
        </>
      );
    case 'closure': {
      const count = Number(code.match(/\d/)?.[0] ?? (code === 'double-breasted' ? 3 : 5));
      const rows = Array.from(
        { length: Math.min(count, 6) },
        (_, i) => 30 + i * (50 / Math.max(count, 1)),
      );
      return (
        <>
          <path d="M25 10 L25 90 L75 90 L75 10" {...line} />
          <path d="M50 10 L50 90" {...line} />
          {code !== 'concealed' &&
            rows.map((y) => (
              <g key={y}>
                <circle cx={code === 'double-breasted' ? 40 : 50} cy={y} r="4" fill="#3b2f2a" />
                {code === 'double-breasted' && <circle cx="60" cy={y} r="4" fill="#3b2f2a" />}
              </g>
            ))}
        </>
      );
    }
    case 'cuff':
      return (
        <>
          <path d="M15 20 L85 20 L85 45 L15 45 Z" {...line} />
          <path
            d={
              code === 'french' ? 'M15 45 L85 45 L85 80 L15 80 Z' : 'M15 45 L85 45 L80 80 L20 80 Z'
            }
            {...line}
          />
          {code.startsWith('barrel') || code === 'rounded' || code === 'cuffed-sleeve' ? (
            <circle cx="70" cy="62" r="4" fill="#3b2f2a" />
          ) : null}
          {code === 'barrel-2' && <circle cx="58" cy="62" r="4" fill="#3b2f2a" />}
        </>
      );
    case 'pleat':
      return (
        <>
          <path d="M20 10 L80 10 L85 90 L55 90 L50 40 L45 90 L15 90 Z" {...line} />
          {code !== 'flat-front' && <path d="M35 12 L36 40" {...line} />}
          {code === 'double-pleat' && <path d="M27 12 L28 34" {...line} />}
        </>
      );
    case 'monogram':
      return code === 'none' ? (
        <path d="M25 50 L75 50" {...line} />
      ) : (
        <text
          x="50"
          y="62"
          textAnchor="middle"
          fontSize="34"
          fontFamily="serif"
          fill={code === 'zari-crest' ? '#c59a2f' : '#3b2f2a'}
        >
          AB
        </text>
      );
    default:
      return <circle cx="50" cy="50" r="30" {...line} />;
  }
}

/**
 * An option's picture: the administrator's image when it has one, else its drawing.
 * @param alt the option's name (the picture is what the radio shows).
 */
export function StylePicture({
  group,
  code,
  imageKey,
  alt,
  className = 'size-16',
}: {
  group: string;
  code: string;
  imageKey: string | null;
  alt: string;
  className?: string;
}) {
  if (imageKey) {
    return (
      <ResponsiveImage
        imageKey={imageKey}
        alt={alt}
        width={128}
        height={128}
        sizes="128px"
        fallbackWidth={320}
        className={`${className} rounded-xl object-cover`}
      />
    );
  }
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={alt} className={className}>
      <rect width="100" height="100" rx="12" fill="#faf6ef" />
      {drawing(group, code)}
    </svg>
  );
}
