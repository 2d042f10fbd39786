//! Courses: the list item, the single record, and course enrollments.

use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(test)]
use utoipa::ToSchema;

use super::Image;

/// A course in `GET /courses`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Course {
    pub id: u64,
    pub business_id: u64,
    /// `online`.
    #[serde(rename = "type")]
    pub kind: String,
    pub product_id: u64,
    /// `published`, `draft`, …
    pub status: String,
    pub language: String,
    pub name: String,
    pub creation_date: String,
    pub slug: String,
    pub images: Vec<Image>,
    pub total_rating: u64,
    pub total_reviews: u64,
    pub total_enrollments: u64,
    /// `free`, `paid`.
    pub access_type: String,
    pub completion_certificate: bool,
    pub forum_enabled: bool,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub release_date: Option<String>,
    #[serde(default)]
    pub categories: Option<Vec<CourseCategory>>,
    #[serde(default)]
    pub image: Option<Image>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CourseCategory {
    pub id: u64,
    pub name: String,
    pub slug: String,
}

/// `GET /courses/{id}`: the list item's fields and the course's content.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CourseDetail {
    #[serde(flatten)]
    pub course: Course,
    #[serde(flatten)]
    pub more: CourseMore,
}

/// What the single course adds to the list item.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CourseMore {
    pub forum_category_id: u64,
    pub sequential_progress: bool,
    pub instructors: Vec<Instructor>,
    pub modules: Vec<Module>,
    pub discussions: Vec<Discussion>,
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub subscriptions_billing_plans: Vec<Value>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub requeriments: Vec<Value>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub target_students: Vec<Value>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub learning_goals: Vec<Value>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub promotional_video: Vec<Value>,
    #[serde(default)]
    pub certificate: Option<Certificate>,
}

/// Who teaches a course.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Instructor {
    pub id: u64,
    pub name: String,
    pub last_name: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Module {
    pub id: u64,
    pub name: String,
    pub order: u64,
    pub completion_certificate: bool,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Lesson {
    pub id: u64,
    pub name: String,
    /// A path.
    pub url: String,
    /// `video`, `pdf`, `audio`, `multimedia`, …
    pub content_type: String,
    /// Seconds, as a string.
    pub content_duration: String,
    pub free_access: bool,
    pub downloadable: bool,
    pub order: u64,
    #[serde(default)]
    pub promotional_description: Option<String>,
    #[serde(default)]
    pub promotional_video: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Discussion {
    pub id: u64,
    pub title: String,
    pub slug: String,
    pub content: String,
    pub creation_date: String,
    pub modification_date: String,
    pub total_replies: u64,
    pub public: bool,
    pub answers_public: bool,
    pub member: DiscussionMember,
}

/// The customer who started a discussion.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct DiscussionMember {
    pub id: u64,
    pub name: String,
    pub last_name: String,
    pub avatar_filename: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Certificate {
    pub id: u64,
    pub name: String,
    pub creation_date: String,
    /// Serialised JSON, as a string.
    pub config_data: String,
    pub template: CertificateTemplate,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CertificateTemplate {
    pub id: u64,
    pub business_id: u64,
    pub name: String,
    pub preview_image: String,
    pub folder: String,
}

/// A customer enrolled in a course (`GET /courses/{id}/enrollments`). The
/// spec does not type the last seven fields: any value, `null` included.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CourseEnrollment {
    pub id: u64,
    pub customer_id: u64,
    pub name: String,
    #[cfg_attr(test, schema(required = true))]
    pub last_name: Option<String>,
    #[cfg_attr(test, schema(format = Email))]
    pub email: String,
    pub creation_date: String,
    #[cfg_attr(test, schema(required = true))]
    pub completed_date: Option<String>,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub is_completed: Value,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub progress: Value,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub rating: Value,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub status: Value,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub activation_date: Value,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub expiration_date: Value,
    #[cfg_attr(test, schema(value_type = Value, required = true))]
    pub data_source_type: Value,
}
