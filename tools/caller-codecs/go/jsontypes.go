package main

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// jsonTypeOf returns the struct a Go REST client would declare by hand for a message: one exported
// field per proto field, tagged with the REST JSON name (the proto's lowerCamel JSON name, as the
// Node API writes it). Built from the generated descriptors, so the types cannot drift from the
// protos; encoding/json treats a type made by reflect.StructOf exactly like a declared one.
func jsonTypeOf(md protoreflect.MessageDescriptor) reflect.Type {
	if t, ok := jsonTypes[md.FullName()]; ok {
		return t
	}
	fields := make([]reflect.StructField, 0, md.Fields().Len())
	for i := 0; i < md.Fields().Len(); i++ {
		fd := md.Fields().Get(i)
		name := fd.JSONName()
		fields = append(fields, reflect.StructField{
			Name: strings.ToUpper(name[:1]) + name[1:],
			Type: fieldType(fd),
			Tag:  reflect.StructTag(fmt.Sprintf(`json:"%s"`, name)),
		})
	}
	t := reflect.StructOf(fields)
	jsonTypes[md.FullName()] = t
	return t
}

var jsonTypes = map[protoreflect.FullName]reflect.Type{}

func fieldType(fd protoreflect.FieldDescriptor) reflect.Type {
	if fd.IsMap() {
		return reflect.MapOf(singularType(fd.MapKey()), singularType(fd.MapValue()))
	}
	if fd.IsList() {
		return reflect.SliceOf(singularType(fd))
	}
	return singularType(fd)
}

func singularType(fd protoreflect.FieldDescriptor) reflect.Type {
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return reflect.TypeOf(false)
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return reflect.TypeOf(int32(0))
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return reflect.TypeOf(uint32(0))
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return reflect.TypeOf(int64(0))
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return reflect.TypeOf(uint64(0))
	case protoreflect.FloatKind:
		return reflect.TypeOf(float32(0))
	case protoreflect.DoubleKind:
		return reflect.TypeOf(float64(0))
	case protoreflect.StringKind, protoreflect.EnumKind:
		return reflect.TypeOf("")
	case protoreflect.BytesKind:
		return reflect.TypeOf([]byte(nil))
	default: // a message: a pointer, so an absent one is nil, as JSON's null
		return reflect.PtrTo(jsonTypeOf(fd.Message()))
	}
}

// checkTypedDecode decodes body into t, encodes it again and checks that every value of body is
// still there (absent and null values aside), so no field was dropped by a name the types missed.
func checkTypedDecode(body []byte, t reflect.Type) error {
	typed := reflect.New(t).Interface()
	if err := json.Unmarshal(body, typed); err != nil {
		return err
	}
	again, err := json.Marshal(typed)
	if err != nil {
		return err
	}
	var want, got interface{}
	if err := json.Unmarshal(body, &want); err != nil {
		return err
	}
	if err := json.Unmarshal(again, &got); err != nil {
		return err
	}
	if path := firstLoss(want, got, "$"); path != "" {
		return fmt.Errorf("the typed structs lost %s", path)
	}
	return nil
}

// firstLoss names the first value of want that got does not hold ("" when none). Numbers match
// within float32's precision: a proto float field carries a JSON double as float32.
func firstLoss(want, got interface{}, path string) string {
	switch w := want.(type) {
	case nil:
		return ""
	case map[string]interface{}:
		g, ok := got.(map[string]interface{})
		if !ok {
			return path
		}
		for key, value := range w {
			if loss := firstLoss(value, g[key], path+"."+key); loss != "" {
				return loss
			}
		}
		return ""
	case []interface{}:
		g, ok := got.([]interface{})
		if !ok || len(g) != len(w) {
			return path
		}
		for i := range w {
			if loss := firstLoss(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); loss != "" {
				return loss
			}
		}
		return ""
	case float64:
		g, ok := got.(float64)
		if !ok || math.Abs(w-g) > 1e-6*math.Max(1, math.Abs(w)) {
			return path
		}
		return ""
	default:
		if !reflect.DeepEqual(want, got) {
			return path
		}
		return ""
	}
}
