{{/*
Names and labels shared by the chart's objects.
*/}}

{{/* The chart's name, or nameOverride. */}}
{{- define "quire.name" -}}
{{- .Values.nameOverride | default .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The objects' name: fullnameOverride, else RELEASE-NAME, or just RELEASE when the release's
name already holds the chart's. Kubernetes names are at most 63 characters.
*/}}
{{- define "quire.fullname" -}}
{{- $name := include "quire.name" . -}}
{{- $joined := ternary .Release.Name (printf "%s-%s" .Release.Name $name) (contains $name .Release.Name) -}}
{{- .Values.fullnameOverride | default $joined | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of every object of the release. */}}
{{- define "quire.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "quire.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* The labels that pick the serving pods (Deployment selector, Service). */}}
{{- define "quire.serve.selectorLabels" -}}
app.kubernetes.io/name: {{ include "quire.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: serve
{{- end -}}

{{/* The image, with the chart's appVersion as its default tag. */}}
{{- define "quire.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) -}}
{{- end -}}

