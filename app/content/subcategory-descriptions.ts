/**
 * Hero copy of the category listing page (/category?subcategory={slug}) for each known
 * subcategory, and the generic text used for any other subcategory.
 */

/** Hero copy of the category listing page per known subcategory (SPEC.md section 2 "Category listing"), keyed by lookup key: lower case, only a-z and 0-9 kept ("Iron Free" -> "ironfree", "Father & Son" -> "fatherson", "T-Shirts" -> "tshirts"). */
export const subcategoryDescriptions: Readonly<Record<string, string>> = {
  cotton:
    'From everyday poplins to two-ply Giza shirtings, our cotton shelves have been the first stop for Rajkot’s shirt-makers since 1987. Feel every bolt at the counter and we will cut exactly the length your tailor needs.',
  linen:
    'Pure and blended linens chosen for the long Saurashtra summer, from airy shirtings to crisp suitings. Each bolt is hand-picked for a clean weave that softens beautifully with every wash.',
  ironfree:
    'Easy-care shirtings and trouserings for busy mornings, overnight journeys and long days at the office. They come out of the wash nearly crease-free, so you look freshly pressed without the iron.',
  khadi:
    'Handspun, handwoven khadi from Gujarat’s own weaving clusters, with the honest slub only a charkha can give. Wear it as a kurta, a Nehru jacket or a shirt that breathes all day long.',
  rawsilk:
    'Raw silks with a natural slub and a deep, living lustre, for sherwanis, bandhgalas and festive kurtas. Bring your wedding colour and we will match it from our racks in daylight at the counter.',
  jodhpuri:
    'Sharp bandhgala jodhpuri suits with the mandarin collar, cut and fitted in our Rajkot workshop for receptions, sangeet nights and the baraat. Choose your fabric, buttons and lining at one sitting.',
  sherwani:
    'Hand-finished sherwanis in raw silk, brocade and velvet, made to measure for the groom and his family over two or three fittings. Our masters have dressed Saurashtra’s grooms for more than 35 years.',
  indowestern:
    'Indo-western outfits that pair a traditional silhouette with a modern cut, for the sangeet, the cocktail night and the reception entry. We sketch the design with you and tailor it to your measurements.',
  tuxedo:
    'Dinner suits with satin lapels, half-canvas chests and a sharp trouser stripe, for receptions and black-tie evenings. Every tuxedo is cut to your measurements and pressed ready for the stage.',
  kurta:
    'Festive kurtas in silk, linen, cotton and chikankari, tailored so the shoulder, sleeve and length sit just right. Pair one with a churidar, a pyjama or a brocade waistcoat for any family function.',
  waistcoat:
    'Nehru jackets, bandis and classic waistcoats that turn a plain kurta or shirt into wedding wear in a moment. Pick from brocade, jute silk, velvet and pashmina blends at our Rajkot counter.',
  business:
    'Two-piece and three-piece business suits in fine suitings, cut for long days, client meetings and the boardroom. We take more than 20 measurements so your suit moves with you from morning to evening.',
  corporate:
    'Dependable blazers, suits, shirts and trousers for everyday office wear, in easy-care fabrics that hold their shape. Ideal for a first professional wardrobe and for dressing whole office teams alike.',
  tycoons:
    'Our finest bespoke suits in Super 130s and 150s wools, cashmere blends and mohair, hand-finished over several fittings. Made for the industrialists and business leaders of Saurashtra who expect perfection.',
  fatherson:
    'Matching outfits for fathers and sons, from festive kurtas and little bandhgalas to three-piece suits. We measure you both in one visit and finish the pair together, well in time for the big day.',
  family:
    'Colour-coordinated outfits for the whole family, planned together for weddings, Navratri, Diwali and portraits. We help you choose shades and fabrics for everyone in one relaxed sitting at our store.',
  prewedding:
    'Shoot-ready outfits for your pre-wedding photographs, chosen to look wonderful on camera against forts, beaches and fields. We coordinate colours with your partner’s outfit and your photographer’s plan.',
  couple:
    'Coordinated looks for couples, with his outfit tailored in-house and matching fabric for hers cut from the same dye lot. Ideal for engagements, anniversaries, garba nights and receptions.',
  customizeduniformsforvariousprofessions:
    'Uniforms designed around your profession, from clinic coats and security wear to workwear for Rajkot’s engineering units. Add your logo, colours and name embroidery, and we stitch every piece to size.',
  hotel:
    'Front office, banquet and housekeeping uniforms for hotels and resorts, tailored in your brand colours. We measure every staff member and keep your patterns on file for quick repeat orders.',
  restaurant:
    'Chef coats, service shirts, waistcoats and kitchen trousers for restaurants, cafés and thali houses. Tough fabrics built to survive hot kitchens and daily washing while your team keeps looking smart.',
  school:
    'School uniforms for boys, from shirts and shorts to trousers and blazers, stitched to each school’s colours and pattern. Fabrics are chosen to survive the playground and a full academic year of washing.',
  shirts:
    'Ready-made formal and casual shirts with a tailored fit, in cottons and linens from our own shelves. Try one on at the store and our tailors will adjust the sleeves and length free of charge.',
  tshirts:
    'Everyday crew necks, henleys and polos in Supima, combed cotton and pique that keep their shape wash after wash. Comfortable essentials for the weekend, the gym and the hot Saurashtra summer.',
  jeans:
    'Slim, regular and relaxed jeans in stretch, rigid and selvedge denim, hemmed to your length at the counter. A pair for office casual days, a pair for travel and one to fade just the way you like.',
  nightwears:
    'Breathable night suits, pyjama sets and kurta pyjamas in cotton, modal and flannel for restful sleep. Soft, easy to wash and made for warm Rajkot summers as well as cool December nights.',
  shorts:
    'Chino, linen, denim and sports shorts for weekends, travel and the long Saurashtra summer. Comfortable cuts with deep pockets, and free hemming at our counter to the length you like.',
  trouserpatterns:
    'Checked, striped and textured trouser lengths in wool blends, terry rayon and cotton, cut ready for stitching. Choose a pattern at our counter and our workshop will tailor it to your exact fit.',
  shirtpatterns:
    'Checks, stripes and prints in ready-cut shirt lengths for the office and the weekend, from tattersall to Madras. Pick your favourite and we will stitch it with the collar and cuffs you prefer.',
};

/** Generic hero copy for a subcategory with no entry above. */
export const fallbackSubcategoryDescription: string =
  'Explore this collection from our Rajkot house, where we have chosen fine fabrics and tailored garments by hand since 1987. Visit the store or send an enquiry and our team will help you find the right piece.';
