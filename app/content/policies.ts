/**
 * Static text of the policy pages /privacy-policy and /terms-conditions, effective October 2025,
 * jurisdiction Rajkot, Gujarat, five sections each (SPEC.md sections 2 and 9).
 */

/** One section of a policy page, anchored by its id. */
interface PolicySection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

/** A complete policy page: title, effective date, jurisdiction, introduction and sections. */
export interface Policy {
  title: string;
  effective: 'October 2025';
  jurisdiction: 'Rajkot, Gujarat';
  intro: string;
  sections: readonly PolicySection[];
}

/** The privacy policy: information collected, use, protection, sharing and retention. */
export const privacyPolicy: Policy = {
  title: 'Privacy Policy',
  effective: 'October 2025',
  jurisdiction: 'Rajkot, Gujarat',
  intro:
    'We are a family-run fabric and bespoke tailoring house in Rajkot, and we take the trust you place in us seriously, whether you share your measurements at our counter or your details on this website. This policy explains what personal information we collect, why we collect it and how we look after it, in line with the Information Technology Act, 2000, the rules made under it and the Digital Personal Data Protection Act, 2023.',
  sections: [
    {
      id: 'information-collected',
      heading: 'Information We Collect',
      paragraphs: [
        'When you create an account, we collect your name, e-mail address and password (which is stored only in a protected, hashed form by our authentication provider). When you place an order, we also collect your phone number and delivery address so that we can confirm and deliver it.',
        'When you order a bespoke garment, we record your body measurements, fit preferences and design choices. When you send us an enquiry through the website form or WhatsApp, we receive the message, your name and the phone number linked to your WhatsApp account.',
        'Like most websites, we also keep your cart and wishlist in your browser’s local storage, and our hosting provider records basic technical information such as your browser type and the pages requested, to keep the site working and secure. We do not collect or store your card, UPI or bank details; those are entered directly with our payment processor.',
      ],
    },
    {
      id: 'use-of-information',
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information to run your account, process and deliver your orders, take and keep your measurements for future orders, schedule fittings and reply to your enquiries. We may contact you by phone, e-mail or WhatsApp about an order or a fitting you have booked with us.',
        'With your consent, we may occasionally tell you about new fabric arrivals, festive collections or wedding-season offers. You can ask us to stop these messages at any time, and we will not send you promotional messages you have not agreed to receive.',
        'We also use limited technical information to keep the website secure, fix problems and understand which pages are useful. We do not sell your personal information, and we do not use it for any purpose unrelated to our business with you.',
      ],
    },
    {
      id: 'data-protection',
      heading: 'How We Protect Your Information',
      paragraphs: [
        'We follow reasonable security practices as expected under the Information Technology Act, 2000. Your account data is held by a reputable hosted service with encrypted connections, access controls and regular backups, and this website is served only over HTTPS.',
        'Only the members of our team who need your details to make, fit or deliver your order can see them. Measurement cards kept at our showroom are stored securely and are not shown to other customers.',
        'No method of storing or sending information over the internet is completely secure, but if we ever become aware of a breach that affects your personal data, we will take prompt steps to contain it and inform you and the authorities as the law requires.',
      ],
    },
    {
      id: 'information-sharing',
      heading: 'Sharing Your Information',
      paragraphs: [
        'We share your information only where it is needed to serve you. Payments on this website are processed by Razorpay, which receives the details needed to complete your payment under its own privacy policy. Courier partners receive your name, phone number and delivery address when we ship an order outside our showroom.',
        'Our website relies on trusted technology providers for hosting, database storage and sign-in. When you contact us on WhatsApp, your messages are also handled by WhatsApp under its own terms. These providers may only use your information to provide their service to us.',
        'We may disclose information when required by law, by a court order or by a government authority acting lawfully, or to protect our rights and our customers in case of fraud. Apart from this, we do not share your personal information with anyone.',
      ],
    },
    {
      id: 'data-retention',
      heading: 'Retention and Your Rights',
      paragraphs: [
        'We keep your account information for as long as your account is active. We keep your measurements so that your next garment starts from a fit already proven; you may ask us to delete them at any time. Order and payment records are kept for as long as Indian tax and accounting laws require.',
        'Under the Digital Personal Data Protection Act, 2023, you may ask to see the personal data we hold about you, have it corrected or updated, or have it erased where we no longer need it, and you may withdraw any consent you have given. You can update your display name from your account page at any time.',
        'To make a request or raise a concern about your privacy, please contact us using the details on our Contact page. We will respond within a reasonable time, and if you are not satisfied, you may approach the Data Protection Board of India once it is available to you.',
      ],
    },
  ],
};

/** The terms and conditions: overview, bespoke orders, website use, privacy and cancellations. */
export const termsAndConditions: Policy = {
  title: 'Terms and Conditions',
  effective: 'October 2025',
  jurisdiction: 'Rajkot, Gujarat',
  intro:
    'These terms apply when you use our website, place an order with us online or in our showroom, or commission a bespoke garment. By using this website or placing an order, you agree to them. Please read them carefully, and ask us if anything is unclear.',
  sections: [
    {
      id: 'overview',
      heading: 'Overview',
      paragraphs: [
        'We are a fabric and bespoke tailoring house based in Rajkot, Gujarat, trading since 1987. Through this website you can browse our wardrobe, keep a wishlist and cart, make payments and send us enquiries, including on WhatsApp.',
        'All prices are shown in Indian rupees and include applicable taxes unless stated otherwise. Prices, fabrics and availability may change without notice, and the price confirmed on your order or quote is the price that applies.',
        'Photographs on the website are taken with care, but colours can look different on different screens, and natural fabrics such as khadi, linen and raw silk carry small variations in weave and shade. These are part of their character and are not defects.',
      ],
    },
    {
      id: 'bespoke-orders',
      heading: 'Bespoke Orders',
      paragraphs: [
        'Bespoke orders are confirmed once the design, fabric and measurements are agreed and an advance payment is received, usually half of the order value. The balance is payable at or before delivery. Delivery dates we give are our honest estimate and depend on you attending the fittings we schedule.',
        'Because each bespoke garment is cut to your own measurements, it cannot be returned or exchanged once made. Fit adjustments to garments we have tailored are free within 15 days of delivery, provided the garment has not been worn outside a trial, washed or altered elsewhere. Adjustments after this window, or due to a change in your measurements, are charged at our usual alteration rates.',
        'If a garment is not collected within 60 days of the date it was ready, we may charge a reasonable storage fee, and after repeated reminders we may treat the order as abandoned and retain the advance.',
      ],
    },
    {
      id: 'website-use',
      heading: 'Use of This Website',
      paragraphs: [
        'You agree to use this website only for lawful purposes, to give accurate information when you register or order, and to keep your password to yourself. You are responsible for activity on your account, and we may suspend accounts that are misused.',
        'Online payments are processed by Razorpay. We do not see or store your card, UPI or bank details, and a payment is confirmed only once Razorpay confirms it to us. If a payment is deducted but the order is not confirmed, the amount is normally reversed by the bank or the processor within their usual timelines.',
        'All text, photographs, videos, logos and designs on this website belong to us or are used with permission, and may not be copied or reused for commercial purposes without our written consent. Links to other websites, including WhatsApp and map services, are provided for convenience and are governed by their own terms.',
      ],
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      paragraphs: [
        'Your use of this website is also governed by our Privacy Policy, which explains what information we collect, how we use and protect it, and the rights you have under the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023.',
        'By sending us your measurements, an enquiry or a WhatsApp message, you agree that we may use those details to reply to you, prepare your order and contact you about it.',
      ],
    },
    {
      id: 'cancellations-force-majeure',
      heading: 'Cancellations and Force Majeure',
      paragraphs: [
        'You may cancel a bespoke order for a full refund of the advance before your fabric is cut. Once the fabric has been cut or stitching has begun, the advance is non-refundable, as the fabric and work cannot be reused for another customer. Ready-to-wear items and uncut fabric may be exchanged within 7 days of purchase if unused, with tags and original packaging intact.',
        // Issue 32 item 7: returns and size exchanges of orders placed online (SPEC's five
        // sections stay five: the paragraph joins this one).
        'Ready-to-wear bought online can be returned for a refund, or exchanged for another size of the same piece while it is in stock, within 7 days of delivery or of collection from our shop (the product page shows the window that applies). Ask from your order page, with the reason; we approve or explain why not, and arrange a pickup by the courier or a drop at the shop. A return is refunded for that item alone, with a credit note, once we receive it unused with its tags; an exchange is sent as a new order at no charge. Cut fabric is cut for you and bespoke garments are made for you alone, so neither can be returned or exchanged.',
        'We are not responsible for delays or failures caused by events beyond our reasonable control, such as heavy monsoon rains and flooding, natural disasters, epidemics, strikes, power or network failures, courier disruptions or orders of the government. In such cases we will tell you as soon as we can and agree a new delivery date with you, or refund any amount paid for work not yet begun.',
        'These terms are governed by the laws of India. Any dispute arising from them or from an order with us shall be subject to the exclusive jurisdiction of the courts at Rajkot, Gujarat. We may update these terms from time to time, and the version published on this page applies from its effective date.',
      ],
    },
  ],
};
