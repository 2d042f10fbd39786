//! Request bodies of operations 4 and 5, validated with every problem listed
//! (code 1005, details in `extra_data`).

use serde_json::Value;

use super::wire::Problem;

fn problem(field: &str, text: &str) -> Problem {
    Problem::new(field, text)
}

fn parse(body: &[u8]) -> Result<serde_json::Map<String, Value>, Vec<Problem>> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(vec![problem("body", "a JSON object is required")]);
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(vec![problem("body", "must be a JSON object")]),
        Err(e) => Err(vec![problem("body", &format!("malformed JSON: {e}"))]),
    }
}

fn non_empty(
    map: &serde_json::Map<String, Value>,
    key: &str,
    field: &str,
    problems: &mut Vec<Problem>,
) -> String {
    match map.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(Value::String(_)) => {
            problems.push(problem(field, "must not be empty"));
            String::new()
        }
        None | Some(Value::Null) => {
            problems.push(problem(field, "is required"));
            String::new()
        }
        Some(_) => {
            problems.push(problem(field, "must be a string"));
            String::new()
        }
    }
}

/// A plausible address: one `@`, something before it, a dotted domain after, no spaces.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Operation 4: `{"enrollment_type": "paid"}`.
pub fn enrollment_type(body: &[u8]) -> Result<String, Vec<Problem>> {
    let map = parse(body)?;
    let mut problems = Vec::new();
    let kind = non_empty(&map, "enrollment_type", "enrollment_type", &mut problems);
    if problems.is_empty() {
        Ok(kind)
    } else {
        Err(problems)
    }
}

/// Operation 5's body, once valid.
#[derive(Debug)]
pub struct Person {
    pub email: String,
    pub name: String,
    pub last_name: String,
    pub enrollment_type: String,
}

/// Operation 5: `{"customer": {"email", "name", "last_name"}, "enrollment_type"}`;
/// `last_name` may be empty or absent.
pub fn person(body: &[u8]) -> Result<Person, Vec<Problem>> {
    let map = parse(body)?;
    let mut problems = Vec::new();
    let enrollment_type = non_empty(&map, "enrollment_type", "enrollment_type", &mut problems);
    let (mut email, mut name, mut last_name) = (String::new(), String::new(), String::new());
    match map.get("customer") {
        Some(Value::Object(customer)) => {
            email = non_empty(customer, "email", "customer.email", &mut problems);
            if !email.is_empty() && !is_email(&email) {
                problems.push(problem("customer.email", "not a valid e-mail"));
            }
            name = non_empty(customer, "name", "customer.name", &mut problems);
            match customer.get("last_name") {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => last_name.clone_from(s),
                Some(_) => problems.push(problem("customer.last_name", "must be a string")),
            }
        }
        None | Some(Value::Null) => problems.push(problem("customer", "is required")),
        Some(_) => problems.push(problem("customer", "must be an object")),
    }
    if problems.is_empty() {
        Ok(Person {
            email,
            name,
            last_name,
            enrollment_type,
        })
    } else {
        Err(problems)
    }
}
