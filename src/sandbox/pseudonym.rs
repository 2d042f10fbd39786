//! `boxoffice sandbox --from FILE --pseudonymise [--seed N]`: every
//! customer's personal data replaced by a made-up person.
//!
//! The made-up person of a customer comes from a keyed hash (SHA-256 of the
//! seed and the customer's id), never from what the file says of them: one
//! customer is the same person in every answer (a ticket's attendee, an
//! order's customer, a course enrollment, a discussion), nothing of the
//! original can leak into the made-up one, and hostile text (escape
//! sequences, 2,000-character names, bidi overrides) is simply gone. Ids,
//! numbers, dates, prices and counts are kept; so is whether a field was
//! set (a missing last name stays missing). Names come from pools no demo
//! or real-looking name is in; e-mails are `@example.net`, phones `+00 …`.

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::store::Store;
use super::wire;

const FIRST: &[&str] = &[
    "Alder",
    "Briony",
    "Caelan",
    "Dovie",
    "Elspeth",
    "Fenwick",
    "Galen",
    "Hollis",
    "Isolde",
    "Jessamy",
    "Kestrel",
    "Linnea",
    "Marlowe",
    "Nyssa",
    "Orrin",
    "Perrin",
    "Quillon",
    "Rosamund",
    "Sorrel",
    "Tamsin",
    "Ulric",
    "Vesper",
    "Wrenna",
    "Yarrow",
    "Zephyrine",
];
const LAST: &[&str] = &[
    "Ashcombe",
    "Birchwold",
    "Coldharbour",
    "Dunmorrow",
    "Elmsworth",
    "Fairlight",
    "Greythorne",
    "Hawksmere",
    "Ivybrook",
    "Juniperdale",
    "Kingsmoor",
    "Larkspire",
    "Merriwether",
    "Northcote",
    "Oakhollow",
    "Pennywhistle",
    "Quarrington",
    "Rookwood",
    "Stillwater",
    "Thornbury",
    "Underhollow",
    "Valemont",
    "Whitlock",
    "Yarrowfield",
];
const STREETS: &[&str] = &[
    "Lantern Lane",
    "Quill Row",
    "Heron Walk",
    "Copper Close",
    "Meadow Mews",
    "Tinker Yard",
    "Willow Rise",
    "Saffron Way",
];
const CITIES: &[&str] = &[
    "Brindlemere",
    "Calderwick",
    "Easthollow",
    "Fernvale",
    "Marrowby",
];

/// Keys of personal fields inside objects the spec leaves untyped (a
/// billing or shipping address, metafields, a seller).
const NAME_KEYS: &[&str] = &["name", "first_name", "recipient_name", "full_name"];
const LAST_NAME_KEYS: &[&str] = &["last_name", "surname"];
const EMAIL_KEYS: &[&str] = &["email", "e_mail", "mail"];
const PHONE_KEYS: &[&str] = &[
    "phone",
    "mobile",
    "recipient_phone",
    "main_phone",
    "telephone",
];
const ADDRESS_KEYS: &[&str] = &[
    "street",
    "address",
    "number",
    "floor",
    "observations",
    "intersections",
    "zip_code",
    "zip",
    "postal_code",
    "city",
    "identification",
    "tax_id_number",
    "company",
    "comment",
];

/// Objects inside those that hold no personal field.
const PLACES: &[&str] = &["country", "state", "type"];

/// One customer's made-up person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub street: String,
    pub number: String,
    pub zip_code: String,
    pub city: String,
    /// Digits for identification and tax numbers.
    pub digits: String,
    /// Hex for secrets (an autologin hash).
    pub hex: String,
}

impl Person {
    /// The made-up person of customer `id` under `seed`.
    pub fn of(seed: u64, id: u64) -> Self {
        let digest = Sha256::new()
            .chain_update(b"boxoffice pseudonym 1")
            .chain_update(seed.to_le_bytes())
            .chain_update(id.to_le_bytes())
            .finalize();
        let word = |i: usize| {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&digest[i * 8..i * 8 + 8]);
            u64::from_le_bytes(bytes)
        };
        let pick = |pool: &[&'static str], n: u64| -> &'static str {
            pool[usize::try_from(n % pool.len() as u64).unwrap_or(0)]
        };
        let (a, b, c, d) = (word(0), word(1), word(2), word(3));
        let name = pick(FIRST, a).to_owned();
        let last_name = pick(LAST, b).to_owned();
        let email = format!(
            "{}.{}.{id}@example.net",
            name.to_lowercase(),
            last_name.to_lowercase()
        );
        Self {
            phone: format!(
                "+00 {:03} {:03} {:04}",
                c % 1000,
                (c >> 10) % 1000,
                (c >> 20) % 10_000
            ),
            street: pick(STREETS, a >> 16).to_owned(),
            number: (1 + (d % 299)).to_string(),
            zip_code: format!("{:05}", (d >> 9) % 100_000),
            city: pick(CITIES, b >> 16).to_owned(),
            digits: format!("{:010}", d % 10_000_000_000),
            hex: digest.iter().take(16).fold(String::new(), |mut hex, b| {
                use std::fmt::Write as _;
                let _ = write!(hex, "{b:02x}");
                hex
            }),
            name,
            last_name,
            email,
        }
    }

    pub fn full_name(&self) -> String {
        format!("{} {}", self.name, self.last_name)
    }

    /// The made-up value of a personal field named `key`, if it is one.
    fn for_key(&self, key: &str) -> Option<String> {
        let key = key.to_ascii_lowercase();
        let key = key.as_str();
        Some(if NAME_KEYS.contains(&key) {
            if key == "recipient_name" || key == "full_name" {
                self.full_name()
            } else {
                self.name.clone()
            }
        } else if LAST_NAME_KEYS.contains(&key) {
            self.last_name.clone()
        } else if EMAIL_KEYS.contains(&key) {
            self.email.clone()
        } else if PHONE_KEYS.contains(&key) {
            self.phone.clone()
        } else if ADDRESS_KEYS.contains(&key) {
            match key {
                "street" | "address" => self.street.clone(),
                "number" => self.number.clone(),
                "zip_code" | "zip" | "postal_code" => self.zip_code.clone(),
                "city" => self.city.clone(),
                "identification" | "tax_id_number" => self.digits.clone(),
                "company" => format!("{} & Co.", self.last_name),
                // Free text about the person (a floor, a comment): none.
                _ => return Some(String::new()),
            }
        } else {
            return None;
        })
    }

    /// Replaces, anywhere in an object the spec leaves untyped, every text
    /// or number under a personal key; drops coordinates.
    fn scrub(&self, value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.retain(|k, _| k != "latitude" && k != "longitude");
                for (key, v) in map.iter_mut() {
                    match (self.for_key(key), &*v) {
                        (Some(made_up), Value::String(_) | Value::Number(_)) => {
                            *v = Value::String(made_up);
                        }
                        // A country's or a state's name is no one's.
                        _ if PLACES.contains(&key.as_str()) => {}
                        _ => self.scrub(v),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.scrub(v)),
            _ => {}
        }
    }

    fn address(&self, a: &mut wire::CustomerAddress) {
        a.street.clone_from(&self.street);
        a.number.clone_from(&self.number);
        a.zip_code.clone_from(&self.zip_code);
        a.city.clone_from(&self.city);
        a.latitude = None;
        a.longitude = None;
        let set = |field: &mut Option<String>, to: &str| {
            if field.is_some() {
                *field = Some(to.to_owned());
            }
        };
        set(&mut a.first_name, &self.name);
        set(&mut a.last_name, &self.last_name);
        set(&mut a.email, &self.email);
        set(&mut a.phone, &self.phone);
        set(&mut a.identification, &self.digits);
        set(&mut a.company, &format!("{} & Co.", self.last_name));
        set(&mut a.floor, "");
        set(&mut a.intersections, "");
        set(&mut a.observations, "");
        self.scrub(&mut a.metafields);
    }
}

/// Replaces every customer's personal data in `store` by their made-up
/// person under `seed`, and re-indexes (enrolling by e-mail then finds the
/// made-up addresses).
pub fn apply(store: &mut Store, seed: u64) {
    let people: Vec<Person> = store
        .customers
        .iter()
        .map(|c| Person::of(seed, c.id))
        .collect();
    for (c, p) in store.customers.iter_mut().zip(&people) {
        c.name.clone_from(&p.name);
        c.last_name = c.last_name.as_ref().map(|_| p.last_name.clone());
        c.email.clone_from(&p.email);
        c.phone = c.phone.as_ref().map(|_| p.phone.clone());
        c.company = c.company.as_ref().map(|_| format!("{} & Co.", p.last_name));
        for a in &mut c.addresses {
            a.street.clone_from(&p.street);
            a.number.clone_from(&p.number);
            a.zip_code.clone_from(&p.zip_code);
            a.city.clone_from(&p.city);
        }
        let Some(imported) = c.imported.as_deref_mut() else {
            continue;
        };
        if let Some(more) = &mut imported.more {
            let hide = |field: &mut Option<String>, to: &str| {
                if field.is_some() {
                    *field = Some(to.to_owned());
                }
            };
            hide(&mut more.identification, &p.digits);
            hide(&mut more.tax_id_number, &p.digits);
            hide(&mut more.company, &format!("{} & Co.", p.last_name));
            hide(&mut more.autologin_hash, &p.hex);
            for contact in &mut more.contacts {
                let key = contact.kind.key.to_ascii_lowercase();
                contact.value = if key.contains("mail") {
                    p.email.clone()
                } else if key.contains("phone") || key.contains("mobile") {
                    p.phone.clone()
                } else {
                    format!("{}-{}", key, p.digits)
                };
            }
            for a in &mut more.addresses {
                p.address(a);
            }
            p.scrub(&mut more.metafields);
            p.scrub(&mut more.seller);
            more.orders.clear();
        }
        if let Some(o) = &mut imported.in_orders {
            o.comment = None;
            o.birthdate = None;
            o.avatar_filename = None;
            o.main_phone = o.main_phone.as_ref().map(|_| p.phone.clone());
            p.scrub(&mut o.metafields);
        }
    }
    for order in &mut store.orders {
        let p = &people[order.customer];
        order.list.customer = wire::OrderCustomer::default();
        let detail = &mut order.detail;
        p.scrub(&mut detail.customer.billing_address);
        if let Some(shipping) = &mut detail.shipping {
            shipping.recipient_name = shipping.recipient_name.as_ref().map(|_| p.full_name());
            shipping.recipient_phone = shipping.recipient_phone.as_ref().map(|_| p.phone.clone());
            p.scrub(&mut shipping.address);
        }
    }
    // Written from the customer: what the file said is not kept.
    for course in &mut store.courses {
        for d in &mut course.more.discussions {
            d.member.name.clear();
            d.member.last_name.clear();
            d.member.avatar_filename = None;
        }
        for e in &mut course.enrollments {
            e.record.name.clear();
            e.record.last_name = None;
            e.record.email.clear();
        }
    }
    store.index();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_customer_is_one_person_and_another_seed_another() {
        assert_eq!(Person::of(1, 42), Person::of(1, 42));
        assert_ne!(Person::of(1, 42).email, Person::of(1, 43).email);
        assert_ne!(Person::of(1, 42), Person::of(2, 42));
        let p = Person::of(7, 5);
        assert!(p.email.ends_with("@example.net") && p.email.contains(".5@"));
        assert!(p.phone.starts_with("+00 "));
    }

    #[test]
    fn untyped_objects_lose_their_personal_fields_and_keep_the_rest() {
        let p = Person::of(1, 9);
        let mut v = serde_json::json!({
            "street": "\u{1b}]0;pwned\u{7}", "number": 12, "city": "Madrid",
            "zip_code": "28001", "latitude": 40.4, "note": {"first_name": "Ana"},
            "country": {"code": "ES", "name": "Spain"}, "label": "Home",
        });
        p.scrub(&mut v);
        assert_eq!(v["street"], p.street.as_str());
        assert_eq!(v["number"], p.number.as_str());
        assert_eq!(v["note"]["first_name"], p.name.as_str());
        assert_eq!(
            v["country"],
            serde_json::json!({"code": "ES", "name": "Spain"})
        );
        assert_eq!(v["label"], "Home");
        assert!(v.get("latitude").is_none());
    }
}
