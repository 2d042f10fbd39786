//! Online courses: the list item ([`Course`]), the single record
//! ([`CourseDetail`]) with its modules and forum, and enrollments.
//!
//! `CourseDetail` holds `Course`'s fields, declared once for both
//! (`listed_and_single!`, in `model.rs`), rather than flattening them, so
//! that a bad field is reported by its own path (serde's flatten loses it).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::envelope::Record;
use super::lenient::{Count, FalseOr};
use super::product::ProductImage;

listed_and_single! {
    name: "course",
    /// A course as the courses list shows it.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct Course {
        pub id: u64,
        pub business_id: u64,
        /// Value named: online.
        #[serde(rename = "type")]
        pub kind: String,
        pub product_id: u64,
        /// Values named: published, draft; the list is open-ended.
        pub status: String,
        pub language: String,
        pub name: String,
        pub creation_date: String,
        pub slug: String,
        pub images: Vec<ProductImage>,
        pub total_rating: Count,
        pub total_reviews: Count,
        pub total_enrollments: Count,
        /// Values named: free, paid.
        pub access_type: String,
        pub completion_certificate: bool,
        pub forum_enabled: bool,
        pub code: Option<String>,
        pub description: Option<String>,
        pub release_date: Option<String>,
        pub categories: Option<Vec<CourseCategory>>,
        /// Null (or, like products, `false`) when the course has no cover.
        #[serde(default)]
        pub image: FalseOr<ProductImage>,
    }
    /// A single course: every [`Course`] field and its content.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct CourseDetail: Course {
        pub forum_category_id: u64,
        pub sequential_progress: bool,
        pub instructors: Vec<Value>,
        pub modules: Vec<CourseModule>,
        pub discussions: Vec<CourseDiscussion>,
        pub subscriptions_billing_plans: Vec<Value>,
        /// Spelled so by the API.
        pub requeriments: Option<Vec<Value>>,
        pub target_students: Option<Vec<Value>>,
        pub learning_goals: Option<Vec<Value>>,
        /// An array here, unlike a product's boolean-or-object.
        pub promotional_video: Option<Vec<Value>>,
        pub certificate: Option<CourseCertificate>,
    }
}

/// A category a course is filed under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseCategory {
    pub id: u64,
    pub name: String,
    pub slug: String,
}

/// A module (chapter) of a course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseModule {
    pub id: u64,
    pub name: String,
    pub order: Count,
    pub completion_certificate: bool,
    pub lessons: Vec<CourseLesson>,
}

/// A lesson of a module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseLesson {
    pub id: u64,
    pub name: String,
    /// A path, not a full URL.
    pub url: String,
    /// Values named: video, pdf, audio, multimedia; the list is open-ended.
    pub content_type: String,
    /// Seconds, sent as a string.
    pub content_duration: Count,
    pub free_access: bool,
    pub downloadable: bool,
    pub order: Count,
    pub promotional_description: Option<String>,
    pub promotional_video: Option<String>,
}

/// A forum thread of a course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseDiscussion {
    pub id: u64,
    pub title: String,
    pub slug: String,
    pub content: String,
    pub creation_date: String,
    pub modification_date: String,
    pub total_replies: Count,
    pub public: bool,
    pub answers_public: bool,
    pub member: DiscussionMember,
}

/// The member who opened a [`CourseDiscussion`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscussionMember {
    pub id: u64,
    pub name: String,
    pub last_name: String,
    pub avatar_filename: Option<String>,
}

/// The certificate a course awards on completion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseCertificate {
    pub id: u64,
    pub name: String,
    pub creation_date: String,
    /// Serialised JSON inside a string, kept as sent.
    pub config_data: String,
    pub template: CertificateTemplate,
}

/// The design a [`CourseCertificate`] is printed with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertificateTemplate {
    pub id: u64,
    pub business_id: u64,
    pub name: String,
    pub preview_image: String,
    pub folder: String,
}

/// A customer's enrollment in a course.
///
/// The spec names the last six fields as required without showing their
/// types, so each is any JSON value, null included, but must be present: a
/// plain `Value` field (unlike `Option`) is an error when missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseEnrollment {
    pub id: u64,
    pub customer_id: u64,
    pub name: String,
    pub last_name: Option<String>,
    pub email: String,
    pub creation_date: String,
    pub completed_date: Option<String>,
    pub is_completed: Value,
    pub progress: Value,
    pub rating: Value,
    pub status: Value,
    pub activation_date: Value,
    pub expiration_date: Value,
    pub data_source_type: Value,
}

impl Record for CourseEnrollment {
    const NAME: &'static str = "course enrollment";
    fn id(&self) -> u64 {
        self.id
    }
}
