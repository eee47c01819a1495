DROP INDEX "professional_details_care_services_gin";--> statement-breakpoint
DROP INDEX "professional_details_medical_conditions_gin";--> statement-breakpoint
DROP INDEX "professional_details_availability_gin";