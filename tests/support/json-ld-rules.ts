/**
 * Required properties of the JSON-LD types this site emits, after Google's structured-data
 * documentation (Product snippets and merchant listings, Breadcrumb, FAQ, Local business,
 * Carousel/ItemList, Sitelinks search box). `problems` lists what a block lacks.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

function need(block: Json, path: string, keys: string[], problems: string[]) {
  for (const key of keys) if (!present(block[key])) problems.push(`${path}: missing ${key}`);
}

function checkOffer(offer: unknown, path: string, problems: string[]) {
  if (!isObject(offer)) return problems.push(`${path}: not an object`);
  need(offer, path, ['price', 'priceCurrency', 'availability'], problems);
  if (present(offer.price) && !/^\d+(\.\d+)?$/.test(String(offer.price)))
    problems.push(`${path}: price is not a number`);
  if (offer.priceCurrency !== undefined && !/^[A-Z]{3}$/.test(String(offer.priceCurrency)))
    problems.push(`${path}: priceCurrency is not ISO 4217`);
  if (
    offer.priceValidUntil !== undefined &&
    !/^\d{4}-\d{2}-\d{2}/.test(String(offer.priceValidUntil))
  )
    problems.push(`${path}: priceValidUntil is not a date`);
  if (
    offer.availability !== undefined &&
    !String(offer.availability).startsWith('https://schema.org/')
  )
    problems.push(`${path}: availability is not a schema.org URL`);
}

function checkRating(rating: unknown, path: string, problems: string[]) {
  if (!isObject(rating)) return problems.push(`${path}: not an object`);
  need(rating, path, ['ratingValue'], problems);
  if (!present(rating.reviewCount) && !present(rating.ratingCount))
    problems.push(`${path}: missing reviewCount or ratingCount`);
  const value = Number(rating.ratingValue);
  if (!(value >= 0 && value <= Number(rating.bestRating ?? 5)))
    problems.push(`${path}: ratingValue out of range`);
}

/** What a JSON-LD block lacks for its type; empty when it is complete. */
export function problems(block: unknown): string[] {
  const found: string[] = [];
  if (!isObject(block)) return ['block is not an object'];
  if (block['@context'] !== 'https://schema.org') found.push('@context is not https://schema.org');
  const type = String(block['@type']);
  switch (type) {
    case 'Product': {
      need(block, type, ['name', 'image'], found);
      if (!present(block.offers) && !present(block.aggregateRating) && !present(block.review))
        found.push('Product: needs offers, review or aggregateRating');
      for (const image of asArray(block.image))
        if (!isUrl(image)) found.push('Product: image is not an absolute URL');
      if (present(block.offers))
        asArray(block.offers).forEach((offer, i) =>
          checkOffer(offer, `Product.offers[${i}]`, found),
        );
      if (present(block.aggregateRating))
        checkRating(block.aggregateRating, 'Product.aggregateRating', found);
      break;
    }
    case 'BreadcrumbList': {
      const items = asArray(block.itemListElement);
      if (items.length === 0 || !present(block.itemListElement))
        found.push('BreadcrumbList: no itemListElement');
      items.forEach((item, i) => {
        if (!isObject(item)) return found.push(`BreadcrumbList[${i}]: not an object`);
        need(item, `BreadcrumbList[${i}]`, ['position', 'name'], found);
        if (item.position !== i + 1) found.push(`BreadcrumbList[${i}]: position is not ${i + 1}`);
        if (i < items.length - 1 && !isUrl(item.item))
          found.push(`BreadcrumbList[${i}]: item is not an absolute URL`);
      });
      break;
    }
    case 'ItemList': {
      asArray(block.itemListElement).forEach((item, i) => {
        if (!isObject(item)) return found.push(`ItemList[${i}]: not an object`);
        need(item, `ItemList[${i}]`, ['position', 'url'], found);
        if (!isUrl(item.url)) found.push(`ItemList[${i}]: url is not absolute`);
      });
      break;
    }
    case 'FAQPage': {
      const questions = asArray(block.mainEntity);
      if (!present(block.mainEntity) || questions.length === 0)
        found.push('FAQPage: no mainEntity');
      questions.forEach((question, i) => {
        if (!isObject(question) || question['@type'] !== 'Question')
          return found.push(`FAQPage[${i}]: not a Question`);
        need(question, `FAQPage[${i}]`, ['name'], found);
        const answer = question.acceptedAnswer;
        if (!isObject(answer) || answer['@type'] !== 'Answer' || !present(answer.text))
          found.push(`FAQPage[${i}]: acceptedAnswer needs an Answer with text`);
      });
      break;
    }
    case 'ClothingStore':
    case 'LocalBusiness': {
      need(block, type, ['name', 'address', 'telephone', 'url', 'image'], found);
      if (isObject(block.address))
        need(
          block.address,
          `${type}.address`,
          ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
          found,
        );
      if (isObject(block.geo)) {
        const { latitude, longitude } = block.geo;
        if (typeof latitude !== 'number' || typeof longitude !== 'number')
          found.push(`${type}.geo: latitude and longitude must be numbers`);
      }
      for (const hours of asArray(block.openingHoursSpecification)) {
        if (!isObject(hours)) continue;
        need(hours, `${type}.openingHoursSpecification`, ['dayOfWeek', 'opens', 'closes'], found);
      }
      if (present(block.aggregateRating))
        checkRating(block.aggregateRating, `${type}.aggregateRating`, found);
      if (present(block.potentialAction)) {
        const action = block.potentialAction;
        const target = isObject(action) ? action.target : undefined;
        if (!isObject(action) || !String(action['@type']).endsWith('Action'))
          found.push(`${type}.potentialAction: not an Action`);
        else if (!isObject(target) || !isUrl(target.urlTemplate))
          found.push(
            `${type}.potentialAction: target needs an EntryPoint with an absolute urlTemplate`,
          );
      }
      break;
    }
    case 'ImageObject': {
      need(block, type, ['contentUrl'], found);
      if (!isUrl(block.contentUrl)) found.push('ImageObject: contentUrl is not an absolute URL');
      break;
    }
    case 'VideoObject': {
      need(block, type, ['name', 'thumbnailUrl', 'uploadDate', 'contentUrl'], found);
      if (!isUrl(block.contentUrl)) found.push('VideoObject: contentUrl is not an absolute URL');
      if (!isUrl(block.thumbnailUrl))
        found.push('VideoObject: thumbnailUrl is not an absolute URL');
      if (Number.isNaN(Date.parse(String(block.uploadDate))))
        found.push('VideoObject: uploadDate is not a date');
      break;
    }
    case 'WebSite': {
      need(block, type, ['name', 'url'], found);
      break;
    }
    case 'WebPage': {
      need(block, type, ['name', 'url', 'description'], found);
      if (!isUrl(block.url)) found.push('WebPage: url is not an absolute URL');
      if (present(block.breadcrumb)) found.push(...problems(block.breadcrumb));
      break;
    }
    default:
      found.push(`unexpected @type ${type}`);
  }
  return found;
}
