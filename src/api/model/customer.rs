//! Customers: the list item and (to come) the single record.

use serde::{Deserialize, Serialize};

use super::envelope::Record;

/// A customer as the customers list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomerSummary {
    pub id: u64,
    pub email: String,
    pub name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
}

impl Record for CustomerSummary {
    const NAME: &'static str = "customer";
    fn id(&self) -> u64 {
        self.id
    }
}
